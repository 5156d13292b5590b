/**
 * The sign-up and sign-in messages of spec section 5, in Spanish as the spec writes them. One source for
 * the web forms and the /api facade. No zod here: the auth screen shows them before validation loads.
 */
export const signUpMessages = {
  email: 'Por favor ingresa un correo electrónico válido',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  fullNameMin: 'El nombre debe tener al menos 2 caracteres',
  usernameMin: 'El usuario debe tener al menos 3 caracteres',
  usernameChars: 'El usuario solo puede contener letras, números, puntos y guiones bajos',
  passwordMismatch: 'Las contraseñas no coinciden',
  terms: 'Debes aceptar los términos y condiciones',
  oneSocial: 'Se requiere al menos un usuario de redes sociales',
  role: 'Solo los creadores pueden registrarse',
  usernameTaken: 'Este usuario ya está registrado. Prueba con otro.',
  emailTaken: 'Este correo electrónico ya está registrado',
  companyNameMin: 'El nombre de la empresa debe tener al menos 2 caracteres',
  companyNameMax: 'El nombre de la empresa puede tener hasta 200 caracteres',
  website: 'Ingresa el sitio web de tu empresa, por ejemplo tuempresa.com',
} as const;
