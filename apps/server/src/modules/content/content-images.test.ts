import { describe, expect, it } from 'vitest';
import { drawPicture, pictureUrl, PICTURE_FILE, type Picture } from './content-images';

const banner: Picture = { kind: 'banner', id: 7, language: 'BN', theme: 2 };

describe('banner and promotion pictures', () => {
  it('hold no words: no <text> for the browser to look fonts up for', () => {
    for (let id = 1; id <= 30; id += 1) {
      const svg = drawPicture({ ...banner, id, theme: id % 9 });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<text\b|<tspan\b|font-family/);
    }
  });

  it('draw different art for different content, the same in both languages', () => {
    const drawn = new Set<string>();
    for (let id = 1; id <= 20; id += 1) {
      drawn.add(drawPicture({ ...banner, id }));
      drawn.add(drawPicture({ ...banner, id, kind: 'promotion' }));
    }
    expect(drawn.size).toBe(40);
    expect(drawPicture({ ...banner, theme: 3 })).not.toBe(drawPicture(banner));
    expect(drawPicture({ ...banner, language: 'EN' })).toBe(drawPicture(banner));
  });

  it('are named by an address that changes with the drawing', () => {
    const url = pictureUrl(banner);
    expect(PICTURE_FILE.test(url.split('/').pop()!)).toBe(true);
    expect(pictureUrl({ ...banner, theme: 3 })).not.toBe(url);
    expect(pictureUrl({ ...banner, language: 'EN' })).not.toBe(url);
  });
});
