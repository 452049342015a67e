import { describe, expect, it } from 'vitest';
import { codeFromFragment, isNewCodeState, NEW_CODE_STATE, presenterLink } from './links.ts';

describe('presenter links', () => {
  it('put the code in the fragment, which never reaches a server', () => {
    const link = presenterLink('http://192.168.1.20:3000/', 'abc', 'a+b/c=d_e-f');
    expect(link).toBe('http://192.168.1.20:3000/host/abc#codigo=a%2Bb%2Fc%3Dd_e-f');
    const url = new URL(link);
    expect(url.pathname + url.search).toBe('/host/abc');
    expect(codeFromFragment(url.hash)).toBe('a+b/c=d_e-f');
  });

  it('read no code from an empty, blank or unrelated fragment', () => {
    expect(codeFromFragment('')).toBeNull();
    expect(codeFromFragment('#')).toBeNull();
    expect(codeFromFragment('#codigo=%20%20')).toBeNull();
    expect(codeFromFragment('#otra=1')).toBeNull();
  });

  it('mark a freshly created poll in the navigation state only', () => {
    expect(isNewCodeState(NEW_CODE_STATE)).toBe(true);
    expect(isNewCodeState(null)).toBe(false);
    expect(isNewCodeState({ other: true })).toBe(false);
  });
});

describe('co-host link fragments (issue 28)', () => {
  it("takes a link's own secret after '#', and nothing that only looks like one", () => {
    expect(codeFromFragment('#moderate.AbC_d-9')).toBe('moderate.AbC_d-9');
    expect(codeFromFragment('#results.x')).toBe('results.x');
    expect(codeFromFragment('#admin.x')).toBeNull();
    expect(codeFromFragment('#codigo=present.x')).toBe('present.x');
  });
});
