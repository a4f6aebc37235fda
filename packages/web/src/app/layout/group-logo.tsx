/** The group's mark: a campfire inside a badge, with the group's number when its name has one. */
export function GroupLogo({ groupName, size = 40 }: { groupName?: string; size?: number }) {
  const number = groupName?.match(/\d+/)?.[0];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className="flex-shrink-0"
    >
      <circle cx="32" cy="32" r="30" fill="#f8f3e6" stroke="#f59f00" strokeWidth="3" />
      <path
        d="M32 10c4 8 11 12 11 21a11 11 0 0 1-22 0c0-6 4-9 6-13 1 4 2 5 4 6-2-6 0-10 1-14z"
        fill="#e8590c"
      />
      <path d="M32 26c2 4 6 6 6 10a6 6 0 0 1-12 0c0-3 3-5 6-10z" fill="#ffd43b" />
      <path d="M17 50l30-6M17 44l30 6" stroke="#7f5539" strokeWidth="4" strokeLinecap="round" />
      {number && (
        <text
          x="32"
          y="61"
          textAnchor="middle"
          fontSize={number.length > 2 ? 9 : 11}
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
          fill="#1f3d2b"
        >
          {number}
        </text>
      )}
    </svg>
  );
}
