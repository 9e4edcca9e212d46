export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#2d6a3e" />
      <path d="M16 26V14" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M16 16c0-5 3.5-8 9-8 0 5.5-3.5 8.5-9 8z" fill="#bfe3b4" />
      <path d="M16 19c0-4-3-6.5-8-6.5 0 4.5 3 7 8 6.5z" fill="#fff" />
    </svg>
  );
}
