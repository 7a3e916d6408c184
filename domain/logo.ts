/** Spec §5 "Logo file" and §9: at most 10485760 bytes, JPEG or PNG (checked by content in the register). */
export const LOGO_MAX_BYTES = 10_485_760

/** The file chooser's accept list (a hint for the picker; the register checks the bytes). */
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png'

/** The header slot the logo is shown in; larger logos are scaled down to fit, never up. */
export const LOGO_BOX = { width: 400, height: 160 } as const
