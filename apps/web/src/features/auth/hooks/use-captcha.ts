/**
 * A captcha image while `active`: loaded when it becomes active, and again on `reload` (a tap on
 * the image, or after any failed submit, since each captcha is good for one check only).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '../api/captcha';

export interface CaptchaImage {
  captchaId: string;
  /** data:image/svg+xml;base64,… (or PNG) */
  image: string;
}

export function useCaptcha(active: boolean) {
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  /** Loads a new image; only the answer to the newest request is kept. */
  const load = useCallback(() => {
    const request = ++latest.current;
    return getCaptcha().then(
      (next) => {
        if (request !== latest.current) return;
        setCaptcha(next);
        setFailed(false);
      },
      () => {
        if (request === latest.current) setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    if (active) void load();
  }, [active, load]);

  return { captcha: active ? captcha : null, failed, reload: load };
}

export type Captcha = ReturnType<typeof useCaptcha>;
