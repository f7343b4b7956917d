// Request ids: `req_` + 20 random base62 characters (about 119 bits), logged with every internal error.
import { randomBase62 } from '../random-base62';

export const newRequestId = (): string => `req_${randomBase62(20)}`;
