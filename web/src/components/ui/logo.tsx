export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M10 23V9h12v3h-8.5v3H20v3h-6.5v5z" fill="#fff" />
      </svg>
      <span className="logo-word">Fundwise</span>
    </span>
  );
}
