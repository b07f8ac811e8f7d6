import { Code } from '../../shared/codes';
import { DomainError } from '../errors';
import { isTooManyPixels } from '../providers/sharp';

/**
 * A picture refused for its pixel count (sharp's `limitInputPixels`, read from the header) says
 * so, with the bound; any other failure to read it gets the caller's own message.
 */
export function pictureRefused(err: unknown, maxPixels: number, otherwise: DomainError): DomainError {
  if (!isTooManyPixels(err)) return otherwise;
  return new DomainError(Code.BAD_REQUEST, 'common:error.tooManyPixels', {
    status: otherwise.status,
    params: { max: Math.floor(maxPixels / 1e5) / 10 },
  });
}
