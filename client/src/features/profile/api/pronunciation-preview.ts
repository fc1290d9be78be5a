import { pronunciationPreviewSandboxSchema, type PronunciationPreviewRequest } from '@santa/shared/santa';
import { apiErrorSchema } from '@santa/shared/errors';
import { ApiError } from '@/lib/api-client';

export type PronunciationPreview = { kind: 'audio'; audio: Blob } | { kind: 'browser'; text: string };

/**
 * POST /api/santa/pronunciation-preview. Answers MP3 in Santa's voice when the voice provider is
 * real, or the line for the browser's own speech synthesis (sandbox). Not the JSON api client:
 * the answer may be audio.
 */
export async function fetchPronunciationPreview(
  input: PronunciationPreviewRequest,
): Promise<PronunciationPreview> {
  let response: Response;
  try {
    response = await fetch('/api/santa/pronunciation-preview', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'audio/mpeg, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError(0, undefined, 'network');
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && type.startsWith('audio/')) return { kind: 'audio', audio: await response.blob() };
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = apiErrorSchema.partial().safeParse(data);
    throw new ApiError(response.status, error.data?.detail, error.data?.code);
  }
  return { kind: 'browser', text: pronunciationPreviewSandboxSchema.parse(data).text };
}
