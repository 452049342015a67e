import { type ComponentType, createElement, type ReactElement, type SVGProps } from 'react';

/**
 * The icons of the pages phones open, drawn as lucide-react draws them (the same <svg>
 * attributes in the same order, the same `lucide lucide-{name}` classes, aria-hidden unless
 * labelled) but without its runtime (context, size and colour props, class merging), which cost
 * the vote page ~1.3 KB gzip. The shapes are lucide's, copied from lucide-react 1.75 (ISC
 * licence, Copyright (c) Lucide Contributors: node_modules/lucide-react/LICENSE). The vote
 * page's are here; the results page adds its own (features/results/components/icons.ts); the
 * host's and presenter's screens use lucide-react.
 */
type Shape = readonly [tag: 'path' | 'circle' | 'rect', attributes: Record<string, string>];

export type IconProps = SVGProps<SVGSVGElement>;

/** What a component taking an icon accepts: these icons and lucide-react's alike. */
export type IconComponent = ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;

/** lucide-react's test: a label of any kind keeps the icon visible to screen readers. */
const isLabelled = (props: object) =>
  Object.entries(props).some(
    ([name, value]) =>
      value != null && (name.startsWith('aria-') || name === 'role' || name === 'title'),
  );

/** `names`: the icon's lucide name, then its aliases (each becomes a `lucide-…` class). */
export function icon(names: string, shapes: readonly Shape[]): (props: IconProps) => ReactElement {
  const classes = `lucide lucide-${names.replaceAll(' ', ' lucide-')}`;
  return ({ className, ...props }) =>
    createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `${classes} ${className}` : classes,
        ...(isLabelled(props) ? {} : { 'aria-hidden': 'true' }),
        ...props,
      },
      ...shapes.map(([tag, attributes]) => createElement(tag, attributes)),
    );
}

export const BarChart3 = icon('chart-column bar-chart-3', [
  ['path', { d: 'M3 3v16a2 2 0 0 0 2 2h16' }],
  ['path', { d: 'M18 17V9' }],
  ['path', { d: 'M13 17V5' }],
  ['path', { d: 'M8 17v-3' }],
]);

export const Check = icon('check', [['path', { d: 'M20 6 9 17l-5-5' }]]);

export const CircleCheckBig = icon('circle-check-big check-circle', [
  ['path', { d: 'M21.801 10A10 10 0 1 1 17 3.335' }],
  ['path', { d: 'm9 11 3 3L22 4' }],
]);

export const CircleOff = icon('circle-off', [
  ['path', { d: 'm2 2 20 20' }],
  ['path', { d: 'M8.35 2.69A10 10 0 0 1 21.3 15.65' }],
  ['path', { d: 'M19.08 19.08A10 10 0 1 1 4.92 4.92' }],
]);

export const Clock = icon('clock', [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 6v6l4 2' }],
]);

export const FileQuestion = icon('file-question-mark file-question', [
  [
    'path',
    {
      d: 'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z',
    },
  ],
  ['path', { d: 'M9 9.5a3 2.5 0 016 0c0 2-2 2-3 3.5' }],
  ['path', { d: 'M12 17h.01' }],
]);

export const House = icon('house home', [
  ['path', { d: 'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8' }],
  [
    'path',
    {
      d: 'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
    },
  ],
]);

export const Hourglass = icon('hourglass', [
  ['path', { d: 'M5 22h14' }],
  ['path', { d: 'M5 2h14' }],
  ['path', { d: 'M17 22v-4.172a2 2 0 0 0-.586-1.414L12 12l-4.414 4.414A2 2 0 0 0 7 17.828V22' }],
  ['path', { d: 'M7 2v4.172a2 2 0 0 0 .586 1.414L12 12l4.414-4.414A2 2 0 0 0 17 6.172V2' }],
]);

export const LayoutDashboard = icon('layout-dashboard', [
  ['rect', { width: '7', height: '9', x: '3', y: '3', rx: '1' }],
  ['rect', { width: '7', height: '5', x: '14', y: '3', rx: '1' }],
  ['rect', { width: '7', height: '9', x: '14', y: '12', rx: '1' }],
  ['rect', { width: '7', height: '5', x: '3', y: '16', rx: '1' }],
]);

export const ListChecks = icon('list-checks', [
  ['path', { d: 'm3 17 2 2 4-4' }],
  ['path', { d: 'm3 7 2 2 4-4' }],
  ['path', { d: 'M13 6h8' }],
  ['path', { d: 'M13 12h8' }],
  ['path', { d: 'M13 18h8' }],
]);

export const LoaderCircle = icon('loader-circle loader-2', [
  ['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }],
]);

export const SearchX = icon('search-x', [
  ['path', { d: 'm13.5 8.5-5 5' }],
  ['path', { d: 'm8.5 8.5 5 5' }],
  ['circle', { cx: '11', cy: '11', r: '8' }],
  ['path', { d: 'm21 21-4.3-4.3' }],
]);

export const Send = icon('send', [
  [
    'path',
    {
      d: 'M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z',
    },
  ],
  ['path', { d: 'm21.854 2.147-10.94 10.939' }],
]);
