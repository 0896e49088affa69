import { describe, expect, it } from 'vitest';
import { chatPageUrl, isSameSitePath, MessageTextSchema } from './chat';

describe('chat back path', () => {
  it('accepts paths of this site only', () => {
    for (const ok of ['/m/home', '/m/home?splash=0', '/m/activityDetail?id=3#top', '/']) {
      expect(isSameSitePath(ok), ok).toBe(true);
    }
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'm/home',
      '/m/home\n',
      '',
    ]) {
      expect(isSameSitePath(bad), bad).toBe(false);
    }
  });

  it('builds the chat page address with the back path and language encoded', () => {
    expect(chatPageUrl('/m/home?splash=0', 'EN')).toBe(
      '/m/chat?backUrl=%2Fm%2Fhome%3Fsplash%3D0&language=EN',
    );
    expect(chatPageUrl(undefined, undefined)).toBe('/m/chat');
  });
});

describe('chat message text', () => {
  it('trims and keeps 1 to 1000 characters of plain text', () => {
    expect(MessageTextSchema.parse('  hello\n')).toBe('hello');
    expect(MessageTextSchema.safeParse('   ').success).toBe(false);
    expect(MessageTextSchema.safeParse('a'.repeat(1001)).success).toBe(false);
    expect(MessageTextSchema.safeParse('line one\nline two\ttabbed').success).toBe(true);
    expect(MessageTextSchema.safeParse('bell\u0007').success).toBe(false);
  });
});
