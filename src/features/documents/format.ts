import { formatNumber } from '~/ui/format.ts';

/** A file size in Persian: «۵۱۲ بایت», «۳۴٫۵ کیلوبایت», «۲٫۱ مگابایت». */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} بایت`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round((bytes / 1024) * 10) / 10)} کیلوبایت`;
  return `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} مگابایت`;
}
