// Turns a template (React Email components) into the HTML an email carries. React Email's own
// render() is asynchronous (it streams); our templates have nothing to wait for, so the same
// markup comes synchronously from react-dom's static renderer, and an email builder stays a plain
// function a service can call inside its transaction. emails.test.tsx checks that this and
// React Email's render() give the same document.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** The doctype React Email's render() puts first: what email clients expect. */
export const EMAIL_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export function renderEmail(template: ReactElement): string {
  return EMAIL_DOCTYPE + renderToStaticMarkup(template);
}
