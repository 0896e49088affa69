import { describe, expect, it } from 'vitest';
import { imageUrl, setImageCdns } from './image-url';

describe('imageUrl', () => {
  it('serves relative paths from this site while no CDN is listed', () => {
    setImageCdns([]);
    expect(imageUrl('/wps/img/game/1.svg')).toBe('/wps/img/game/1.svg');
  });

  it('serves relative paths from one of the listed CDNs and keeps that pick', () => {
    const cdns = ['https://img1.example.test/', 'https://img2.example.test'];
    setImageCdns(cdns);
    const first = imageUrl('/wps/img/game/1.svg');
    expect([
      'https://img1.example.test/wps/img/game/1.svg',
      'https://img2.example.test/wps/img/game/1.svg',
    ]).toContain(first);
    setImageCdns([...cdns]);
    expect(imageUrl('/wps/img/game/1.svg')).toBe(first);
  });

  it('leaves absolute and data URLs alone', () => {
    setImageCdns(['https://img1.example.test']);
    expect(imageUrl('https://other.test/a.png')).toBe('https://other.test/a.png');
    expect(imageUrl('data:image/svg+xml,<svg/>')).toBe('data:image/svg+xml,<svg/>');
  });
});
