import type { ReactNode } from "react";
import { cx } from "styled-system/css";
import { notice, type NoticeVariantProps } from "styled-system/recipes";

function WarningIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </svg>
  );
}

/** The info "i" in a circle; a tick in it for a success ("Your password has been changed"). */
function InfoIcon({ className, success }: { className?: string; success?: boolean }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" />
      {success ? <path d="m8 12 3 3 5-6" /> : <path d="M12 16v-4M12 8h.01" />}
    </svg>
  );
}

/** An inline notice box; amber (warning) by default, e.g. "profile incomplete". */
export function Notice({
  tone = "amber",
  title,
  children,
  className,
  icon,
  id,
}: NoticeVariantProps & { title?: ReactNode; children?: ReactNode; className?: string; icon?: ReactNode; id?: string }) {
  const classes = notice({ tone });
  const Icon = tone === "amber" || tone === "danger" ? WarningIcon : InfoIcon;
  return (
    <div className={cx(classes.root, className)} role="note" id={id}>
      {icon ?? <Icon className={classes.icon} success={tone === "success"} />}
      <div className={classes.content}>
        {title ? <p className={classes.title}>{title}</p> : null}
        {children ? <div className={classes.body}>{children}</div> : null}
      </div>
    </div>
  );
}
