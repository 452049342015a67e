import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpOverlay } from './help-overlay.tsx';

describe('HelpOverlay', () => {
  it('says that ↓ ↑ page the audience questions slide as well as long option lists', () => {
    render(<HelpOverlay open onOpenChange={() => {}} />);
    const help = screen.getByTestId('presenter-help');
    const pagingKey = within(help)
      .getAllByText('↓')
      .map((kbd) => kbd.closest('dt'))
      .find(Boolean);
    const action = pagingKey?.nextElementSibling?.textContent ?? '';
    expect(action).toMatch(/opciones/i);
    expect(action).toMatch(/preguntas del público/i);
  });
});
