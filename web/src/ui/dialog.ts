import { dialog } from "styled-system/recipes";

/**
 * Shared look of the dialogs (Ark UI Dialog parts): the `dialog` slot recipe of
 * web/panda.config.ts, a bottom sheet on phones and centred above. These are its class names at
 * the default size; the title, description, close button and actions look the same at every
 * size (DialogShell picks the size of the frame).
 */
export const dialogStyles = dialog();
