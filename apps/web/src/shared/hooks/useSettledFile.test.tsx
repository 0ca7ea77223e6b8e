import type { MediaFile } from '@limelight/contracts';
import { configureStore } from '@reduxjs/toolkit';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../api/generated/messages';
import { api } from '../lib/api';
import { sessionSlice } from '../lib/session';
import { statusOf, useSettledFile } from './useSettledFile';

afterEach(() => vi.unstubAllGlobals());

const processing = { _id: 'file-1', status: 'processing', type: 'message-video', url: null } as unknown as MediaFile;

/** The status endpoint answers `answer` (after one 'processing' answer), as the server would. */
function serving(answer: object) {
  const NodeRequest = Request;
  // Node's Request takes absolute addresses only; the browser resolves '/api/…' against the page.
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(url: string, init?: RequestInit) {
        super(new URL(url, 'http://localhost'), init);
      }
    },
  );
  let asked = 0;
  vi.stubGlobal('fetch', async () => {
    asked += 1;
    const body = asked === 1 ? { status: 'processing', error: null } : answer;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

function render(onSettled: () => void) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(
    () => useSettledFile(processing, statusOf(endpoints.endpoints.getMessageFileStatus, { id: 'm-1', fileId: 'file-1' }), false, onSettled),
    { wrapper },
  );
}

describe('a file still processing', () => {
  it('swaps in the settled file when its status endpoint answers the file (a post, a video)', async () => {
    serving({ ...processing, status: 'ready', url: 'https://cdn.example/file.mp4' });
    const onSettled = vi.fn();
    const { result } = render(onSettled);
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 5_000 });
    expect(result.current.url).toBe('https://cdn.example/file.mp4');
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('asks its caller to read it again when the endpoint answers the status alone (a message)', async () => {
    serving({ status: 'ready', error: null });
    const onSettled = vi.fn();
    const { result } = render(onSettled);
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(result.current).toBe(processing);
  });
});
