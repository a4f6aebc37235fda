import { SERVER_ERRORS } from '@fogata/shared';
import { AppError } from './app-error.js';

/**
 * Runs `read` over a request's multipart body. A body that breaks off or is not multipart at all
 * makes the parser throw a plain Error: that is the client's fault (400), never a 500. The
 * plugin's own limit errors (FST_*) and our AppErrors keep their meaning.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (err instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw err;
    throw new AppError(400, SERVER_ERRORS.malformedMultipart);
  }
}
