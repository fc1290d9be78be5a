/** The shortest password a parent may choose (sign-up, reset and change). */
export const PASSWORD_MIN_LENGTH = 8;
