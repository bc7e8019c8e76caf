import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaList } from './media-list';

const item = (id: string, url: string, description = '') => ({ id, url, description });

const renderList = (media: Parameters<typeof MediaList>[0]['media']) =>
  render(
    <MantineProvider env="test">
      <MediaList media={media} />
    </MantineProvider>,
  );

describe('the media of a fact or an info, for the learner', () => {
  it('plays a video inline with controls, so a phone does not leave the page for it', () => {
    const { container } = renderList({ images: [], videos: [item('video1', '/files/gait.webm', 'Gait')], files: [] });
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/files/gait.webm');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.hasAttribute('playsinline')).toBe(true);
    expect(screen.getByText('Gait').tagName).toBe('FIGCAPTION');
  });

  it('plays audio, from the videos or the files, with an audio player', () => {
    const { container } = renderList({
      images: [],
      videos: [item('video1', '/files/heart.mp3', 'Heart sounds')],
      files: [item('file1', 'https://cdn.example.org/breath.ogg')],
    });
    expect([...container.querySelectorAll('audio')].map((audio) => audio.getAttribute('src'))).toEqual([
      '/files/heart.mp3',
      'https://cdn.example.org/breath.ogg',
    ]);
    expect(container.querySelector('video')).toBeNull();
  });

  it('shows images, and files by what they hold: a PDF as a link that opens it, others as links', () => {
    const { container } = renderList({
      images: [item('image1', '/files/x-ray.png', 'Chest X-ray')],
      videos: [],
      files: [
        item('file1', '/files/letter.pdf', 'Referral letter'),
        item('file2', '/files/notes.docx'),
        item('file3', '/files/scan.jpg', 'Scan'),
      ],
    });
    expect(screen.getByRole('img', { name: 'Chest X-ray' }).getAttribute('src')).toBe('/files/x-ray.png');
    expect(screen.getByRole('img', { name: 'Scan' }).getAttribute('src')).toBe('/files/scan.jpg');
    expect(screen.getByRole('link', { name: 'Referral letter' }).getAttribute('href')).toBe('/files/letter.pdf');
    expect(screen.getByRole('link', { name: 'notes.docx' }).getAttribute('href')).toBe('/files/notes.docx');
    expect(container.querySelector('iframe')).toBeNull();
  });
});
