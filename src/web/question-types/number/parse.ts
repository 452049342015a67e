import { esNumber as t } from '../../i18n/es-number.ts';
import { formatNumber } from './format.ts';

export type NumberBounds = { min: number; max: number; decimals: number };

export type Parsed = { value: number } | { problem: string };

/**
 * What a person typed, read as Spanish writes numbers and as phones type them: ',' or '.' for
 * the decimals ('3,5', '3.5'), '.' or a space between thousands ('1.000', '1 000'). A lone '.'
 * followed by exactly three digits is thousands when the question takes fewer than three
 * decimals; with three, it reads as decimals only where thousands would be out of range, and
 * where both fit a message asks which ('1.000' in a range 0 to 2.000 with three decimals).
 */
export function parseSpanishNumber(typed: string, bounds: NumberBounds): Parsed {
  const text = typed.trim().replace(/[\s\u00a0\u202f]/g, (s) => (s ? ' ' : ''));
  if (!/^[-+−]?[\d .,]+$/.test(text) || !/\d/.test(text)) return { problem: t.notANumber };
  const negative = /^[-−]/.test(text);
  const body = text.replace(/^[-+−]/, '');
  const read = (whole: string, fraction = '') =>
    (negative ? -1 : 1) * Number(`${whole || '0'}${fraction ? `.${fraction}` : ''}`);
  const grouped = (whole: string) => /^\d{1,3}([ .]\d{3})+$/.test(whole);

  // A comma is always the decimal mark; dots and spaces before it group thousands.
  if (body.includes(',')) {
    const [whole = '', fraction, extra] = body.split(',');
    if (extra !== undefined || !fraction || !/^\d+$/.test(fraction))
      return { problem: t.notANumber };
    if (!/^\d*$/.test(whole) && !grouped(whole)) return { problem: t.notANumber };
    return check(read(whole.replace(/[ .]/g, ''), fraction), bounds);
  }
  if (/^\d+$/.test(body)) return check(read(body), bounds);
  if (grouped(body) && !/^\d{1,3}\.\d{3}$/.test(body)) {
    // '1 000', '1.000.000', '12 345': only thousands read that way.
    return check(read(body.replace(/[ .]/g, '')), bounds);
  }
  const single = /^(\d*)\.(\d+)$/.exec(body);
  if (!single) return { problem: t.notANumber };
  const [, whole = '', fraction = ''] = single;
  const asDecimal = read(whole, fraction);
  if (fraction.length !== 3 || whole === '') return check(asDecimal, bounds);
  // '1.000' or '2.500': thousands or decimals?
  const asThousands = read(`${whole}${fraction}`);
  // Three decimals where the question takes fewer cannot be meant: thousands.
  if (bounds.decimals < fraction.length) return check(asThousands, bounds);
  const fits = (v: number) => v >= bounds.min && v <= bounds.max;
  if (fits(asThousands) && fits(asDecimal) && asThousands !== asDecimal) {
    return {
      problem: t.ambiguous(
        typed.trim(),
        formatNumber(asThousands, 0),
        formatNumber(asDecimal, bounds.decimals),
      ),
    };
  }
  return check(fits(asThousands) ? asThousands : asDecimal, bounds);
}

function check(value: number, { min, max, decimals }: NumberBounds): Parsed {
  if (!Number.isFinite(value) || value < min || value > max) {
    return { problem: t.outOfRange(formatNumber(min, decimals), formatNumber(max, decimals)) };
  }
  const scaled = value * 10 ** decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-9 * Math.max(1, Math.abs(scaled))) {
    return { problem: decimals === 0 ? t.wholeOnly : t.tooManyDecimals(decimals) };
  }
  // -0 reads as 0.
  return { value: value === 0 ? 0 : value };
}
