/** The 403 illustration of the access-denied dialog: a closed door with a lock and "۴۰۳". */
export function ForbiddenIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 160" className={className} aria-hidden="true" focusable="false">
      <rect x="0" y="136" width="240" height="4" rx="2" fill="var(--colors-line)" />
      <rect
        x="78"
        y="24"
        width="84"
        height="114"
        rx="4"
        fill="var(--colors-subtle)"
        stroke="var(--colors-line-strong)"
        strokeWidth="2"
      />
      <rect
        x="88"
        y="34"
        width="64"
        height="104"
        rx="2"
        fill="var(--color-first-soft, #ece8e7)"
        stroke="var(--colors-first)"
        strokeWidth="2"
      />
      <circle cx="140" cy="88" r="3.5" fill="var(--colors-first)" />
      <path
        d="M106 80v-9a14 14 0 0 1 28 0v9"
        fill="none"
        stroke="var(--colors-warning)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <rect x="100" y="78" width="40" height="32" rx="4" fill="var(--colors-warning)" />
      <circle cx="120" cy="91" r="4" fill="#fff" />
      <rect x="118.5" y="92" width="3" height="9" rx="1.5" fill="#fff" />
      <text
        x="120"
        y="20"
        textAnchor="middle"
        fontFamily="Vazirmatn, Tahoma, sans-serif"
        fontSize="18"
        fontWeight="700"
        fill="var(--colors-muted)"
      >
        ۴۰۳
      </text>
    </svg>
  );
}
