import { toast } from '~/ui/toaster.tsx';

/** The file name of a Content-Disposition (`filename*=UTF-8''…` first, then `filename=`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {}
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads `url` (an export or a template) and saves it under the server's file name. A refusal
 * (a bad filter, no permission) is shown as a toast with the server's message. Resolves to the
 * saved file name, or null on failure.
 */
export async function downloadFile(url: string, fallback: string): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include' });
  } catch {
    toast.negative('ارتباط با سرور برقرار نشد؛ اتصال را بررسی کنید');
    return null;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    toast.negative(body.message ?? 'دریافت پرونده ممکن نشد');
    return null;
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallback);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
