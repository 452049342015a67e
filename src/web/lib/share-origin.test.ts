import { describe, expect, it } from 'vitest';
import { resolveShareOrigin } from './share-origin.ts';

const local = { origin: 'http://localhost:3000', hostname: 'localhost' };
const lan = { origin: 'http://192.168.1.20:3000', hostname: '192.168.1.20' };
const lanUrls = ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'];

describe('resolveShareOrigin', () => {
  it('uses PUBLIC_URL when the server has one, even on localhost', () => {
    const info = { publicUrl: 'https://sondeo.example.org/', lanUrls };
    expect(resolveShareOrigin(info, local)).toEqual({
      origin: 'https://sondeo.example.org',
      loopback: false,
      lanChoices: [],
    });
  });

  it("uses the page's origin when it is not loopback", () => {
    expect(resolveShareOrigin({ publicUrl: null, lanUrls }, lan)).toEqual({
      origin: 'http://192.168.1.20:3000',
      loopback: false,
      lanChoices: [],
    });
  });

  it('offers the first LAN URL on localhost, or the one picked', () => {
    const info = { publicUrl: null, lanUrls };
    expect(resolveShareOrigin(info, local)).toEqual({
      origin: 'http://192.168.1.20:3000',
      loopback: true,
      lanChoices: lanUrls,
    });
    expect(resolveShareOrigin(info, local, 'http://10.0.0.5:3000').origin).toBe(
      'http://10.0.0.5:3000',
    );
    expect(resolveShareOrigin(info, local, 'http://evil.example').origin).toBe(
      'http://192.168.1.20:3000',
    );
  });

  it('treats 127.0.0.1 as loopback too', () => {
    const page = { origin: 'http://127.0.0.1:3000', hostname: '127.0.0.1' };
    expect(resolveShareOrigin({ publicUrl: null, lanUrls }, page).loopback).toBe(true);
  });

  it('falls back to the page origin when no LAN address is known', () => {
    expect(resolveShareOrigin({ publicUrl: null, lanUrls: [] }, local)).toEqual({
      origin: 'http://localhost:3000',
      loopback: true,
      lanChoices: [],
    });
    expect(resolveShareOrigin(undefined, local).origin).toBe('http://localhost:3000');
  });
});
