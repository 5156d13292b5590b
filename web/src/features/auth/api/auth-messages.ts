/** Spanish validation messages of spec section 5, in one place so the tests can pin them. */
export const authMessages = {
  email: 'Por favor ingresa un correo electrónico válido',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  fullNameMin: 'El nombre debe tener al menos 2 caracteres',
  usernameMin: 'El usuario debe tener al menos 3 caracteres',
  usernameChars: 'El usuario solo puede contener letras, números, puntos y guiones bajos',
  passwordMismatch: 'Las contraseñas no coinciden',
  terms: 'Debes aceptar los términos y condiciones',
  oneSocial: 'Se requiere al menos un usuario de redes sociales',
  usernameTaken: 'Este usuario ya está registrado. Prueba con otro.',
} as const;
