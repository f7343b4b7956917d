// The version reported by /api/health and the OpenAPI document: package.json's, not a setting.
import packageJson from '@/package.json';

export const APP_VERSION: string = packageJson.version;
