import { describe, expect, it } from 'vitest';
import { type SeatDirectory, Seats } from './seats.ts';

describe('Seats', () => {
  it('seats an id in a poll from its stream, ripe after the minimum age, kept after it closes', () => {
    let now = 1_000;
    const seats = new Seats(10, () => now);
    expect(seats.of('a', 'p1')).toBeUndefined();
    const leave = seats.sit('a', 'p1');
    const seat = seats.of('a', 'p1')!;
    expect(seats.ripe(seat, 3_000)).toBe(false);
    now += 3_000;
    expect(seats.ripe(seat, 3_000)).toBe(true);
    leave();
    leave();
    expect(seat.open).toBe(0);
    // A seat is per poll.
    expect(seats.of('b', 'p1')).toBeUndefined();
    expect(seats.of('a', 'p1')).toBe(seat);
  });

  it('grants each question of a run once, gives it back when the ballot is not stored', () => {
    const seats = new Seats(10);
    seats.sit('a', 'p1');
    const seat = seats.of('a', 'p1')!;
    const first = seats.grant(seat, 0, [1, 2]);
    expect(first).toEqual(['0:1', '0:2']);
    expect(seats.grant(seat, 0, [1])).toBeUndefined();
    // One new question among answered ones is still a person's answer.
    expect(seats.grant(seat, 0, [1, 3])).toEqual(['0:3']);
    // A reset is a new run: every question again.
    expect(seats.grant(seat, 1, [1])).toEqual(['1:1']);
    seats.ungrant(seat, first!);
    expect(seats.grant(seat, 0, [2])).toEqual(['0:2']);
  });

  it('forgets the least recently seated past its bound', () => {
    const seats = new Seats(2);
    seats.sit('a', 'p1');
    seats.sit('a', 'p2');
    seats.sit('a', 'p1');
    seats.sit('a', 'p3');
    expect(seats.size).toBe(2);
    expect(seats.of('a', 'p2')).toBeUndefined();
    expect(seats.of('a', 'p1')).toBeDefined();
  });

  it('finds a seat of another instance through the directory once, and remembers a miss a second', async () => {
    let now = 10_000;
    const shared = new Map<string, number>();
    const lookups: string[] = [];
    const directory: SeatDirectory = {
      announce: (slug, id, since) => {
        if (!shared.has(`${slug} ${id}`)) shared.set(`${slug} ${id}`, since);
      },
      lookup: async (slug, id) => {
        lookups.push(id);
        return shared.get(`${slug} ${id}`);
      },
      keepAlive: () => {},
    };
    const here = new Seats(10, () => now, directory);
    const there = new Seats(10, () => now, directory);
    there.sit('a', 'p1');
    now += 3_000;
    const found = await here.find('a', 'p1');
    expect(found?.since).toBe(10_000);
    expect(here.ripe(found!, 3_000)).toBe(true);
    // Kept: the next ballot costs no lookup.
    expect(await here.find('a', 'p1')).toBe(found);
    expect(here.of('a', 'p1')).toBe(found);
    expect(await here.find('a', 'p2')).toBeUndefined();
    expect(await here.find('a', 'p2')).toBeUndefined();
    expect(lookups).toEqual(['p1', 'p2']);
    there.sit('a', 'p2');
    now += 1_001;
    expect(await here.find('a', 'p2')).toBeDefined();
    here.close();
    there.close();
  });
});
