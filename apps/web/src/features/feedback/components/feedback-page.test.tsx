import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const answered = {
  id: '5',
  content: 'Please add Rocket withdrawals to the list',
  images: [],
  status: 'answered',
  answer: 'Coming next month.',
  answeredAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-19T10:00:00.000Z',
};

function openFeedback(send?: MockHandler) {
  const bodies: unknown[] = [];
  const post: MockHandler = (url, init) => {
    if (init?.method === 'POST') {
      bodies.push(JSON.parse(init.body as string));
      return send ? send(url, init) : ok({ ...answered, id: '6', status: 'open', answer: null });
    }
    return ok({ list: [answered], nextCursor: null, minWords: 3, maxWords: 10 });
  };
  const view = renderApp('/m/feedback', {
    api: { '/wps/feedback': post },
    session: memberSession(),
  });
  return { ...view, bodies };
}

describe('feedback', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows earlier feedback with the operator answer', async () => {
    openFeedback();
    expect(await screen.findByText('Coming next month.')).toBeVisible();
    expect(screen.getByText('Answered')).toBeVisible();
  });

  it('counts words and refuses text outside the bounds without sending', async () => {
    const { user, bodies } = openFeedback();
    const box = await screen.findByRole('textbox', { name: 'Your feedback' });
    await screen.findByText('0 words (between 3 and 10)');
    await user.type(box, 'Too short');
    expect(screen.getByText('2 words (between 3 and 10)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Feedback must be between 3 and 10 words')).toBeVisible();
    expect(bodies).toEqual([]);
  });

  it('judges images by their bytes: a renamed text file is refused, JPEG bytes named .png are taken', async () => {
    const { user, bodies } = openFeedback();
    await screen.findByText('Coming next month.');
    const input = screen.getByLabelText('Add images');
    await user.upload(input, [
      new File(['just notes'], 'notes.png', { type: 'image/png' }),
      new File([JPG], 'photo.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('notes.png is not a PNG or JPG image')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove photo.png' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove notes.png' })).not.toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: 'Your feedback' }),
      'The bKash page is slow',
    );
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you! Your feedback was sent.')).toBeVisible();
    expect(bodies).toEqual([
      {
        content: 'The bKash page is slow',
        images: [{ name: 'photo.png', data: expect.stringMatching(/^data:image\/png;base64,/) }],
      },
    ]);
  });

  it('takes at most 3 images', async () => {
    const { user } = openFeedback();
    await screen.findByText('Coming next month.');
    const files = ['a', 'b', 'c', 'd'].map(
      (n) => new File([JPG], `${n}.jpg`, { type: 'image/jpeg' }),
    );
    await user.upload(screen.getByLabelText('Add images'), files);
    expect(await screen.findByText('At most 3 images')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    expect(screen.queryByLabelText('Add images')).not.toBeInTheDocument();
  });

  it('shows the server field messages', async () => {
    const { user } = openFeedback(() =>
      failure(400, 'validation.invalid', 'Please check', {
        fields: { 'images.0': ['Each image must be at most 5 MB'] },
      }),
    );
    await screen.findByText('Coming next month.');
    await user.type(screen.getByRole('textbox', { name: 'Your feedback' }), 'one two three four');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Each image must be at most 5 MB')).toBeVisible();
    expect(screen.queryByText('Thank you! Your feedback was sent.')).not.toBeInTheDocument();
  });
});
