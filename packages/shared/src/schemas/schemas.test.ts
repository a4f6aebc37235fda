import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  commentBodySchema,
  experienceFormSchema,
  forgotPasswordSchema,
  invitationFormSchema,
  loginSchema,
  MSG,
  monitorFormSchema,
  newsFormSchema,
  newsListQuerySchema,
  profileUpdateSchema,
  registerFormSchema,
  registerInvitedBodySchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  sendInvitationsBodySchema,
  splitEmails,
  updateRoleBodySchema,
} from '../index.js';

/** The first message zod gives for `path`, or undefined when that field is valid. */
function messageFor(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === path)?.message;
}

describe('login', () => {
  it('requires the e-mail', () => {
    expect(messageFor(loginSchema, { email: '', password: 'x' }, 'email')).toBe(
      'El email es obligatorio.',
    );
    expect(messageFor(loginSchema, { password: 'x' }, 'email')).toBe('El email es obligatorio.');
  });
  it('rejects an invalid e-mail', () => {
    expect(messageFor(loginSchema, { email: 'nope', password: 'x' }, 'email')).toBe(
      'Debe ser un email válido.',
    );
  });
  it('only requires the password at login', () => {
    expect(messageFor(loginSchema, { email: 'a@b.es', password: '' }, 'password')).toBe(
      'La contraseña es obligatoria.',
    );
    expect(loginSchema.safeParse({ email: ' A@b.es ', password: 'short' }).success).toBe(true);
  });
  it('trims the e-mail', () => {
    expect(loginSchema.parse({ email: ' a@b.es ', password: 'x' }).email).toBe('a@b.es');
  });
});

describe('forgot and reset password', () => {
  it('validates the e-mail', () => {
    expect(messageFor(forgotPasswordSchema, { email: '' }, 'email')).toBe(
      'El email es obligatorio.',
    );
    expect(messageFor(forgotPasswordSchema, { email: 'a@' }, 'email')).toBe(
      'Debe ser un email válido.',
    );
  });
  it('gives each reset message', () => {
    expect(
      messageFor(resetPasswordFormSchema, { password: '', confirmPassword: '' }, 'password'),
    ).toBe('La contraseña es obligatoria.');
    expect(
      messageFor(resetPasswordFormSchema, { password: '1234567', confirmPassword: '' }, 'password'),
    ).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(
      messageFor(
        resetPasswordFormSchema,
        { password: '12345678', confirmPassword: '' },
        'confirmPassword',
      ),
    ).toBe('Debes confirmar tu nueva contraseña.');
    expect(
      messageFor(
        resetPasswordFormSchema,
        { password: '12345678', confirmPassword: '12345679' },
        'confirmPassword',
      ),
    ).toBe('Las contraseñas deben coincidir.');
    expect(
      resetPasswordFormSchema.safeParse({ password: '12345678', confirmPassword: '12345678' })
        .success,
    ).toBe(true);
  });
  it('requires a token and a strong password in the API body', () => {
    expect(messageFor(resetPasswordBodySchema, { token: 't', password: 'short' }, 'password')).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
    expect(resetPasswordBodySchema.safeParse({ password: '12345678' }).success).toBe(false);
  });
});

describe('registration', () => {
  it('gives each registration message', () => {
    const base = { name: 'Ana', password: '12345678', confirmPassword: '12345678' };
    expect(registerFormSchema.safeParse(base).success).toBe(true);
    expect(
      messageFor(registerFormSchema, { ...base, confirmPassword: '' }, 'confirmPassword'),
    ).toBe('Debes confirmar tu contraseña.');
    expect(
      messageFor(registerFormSchema, { ...base, confirmPassword: 'otra-cosa' }, 'confirmPassword'),
    ).toBe('Las contraseñas deben coincidir.');
    expect(
      messageFor(
        registerFormSchema,
        { ...base, password: 'corta', confirmPassword: 'corta' },
        'password',
      ),
    ).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(messageFor(registerFormSchema, { ...base, name: '   ' }, 'name')).toBe(
      'El nombre es obligatorio.',
    );
    expect(messageFor(registerFormSchema, { ...base, name: 'x'.repeat(101) }, 'name')).toBe(
      'El nombre no puede tener más de 100 caracteres.',
    );
  });
  it('validates the API body', () => {
    expect(
      registerInvitedBodySchema.safeParse({ token: 'abc', name: 'Ana', password: '12345678' })
        .success,
    ).toBe(true);
    expect(
      messageFor(
        registerInvitedBodySchema,
        { token: '', name: 'Ana', password: '12345678' },
        'token',
      ),
    ).toBe('El token es obligatorio.');
  });
});

describe('invitations', () => {
  it('splits, trims and drops empty lines', () => {
    expect(splitEmails(' a@b.es \n\n c@d.es\r\n  ')).toEqual(['a@b.es', 'c@d.es']);
  });
  it('requires at least 5 characters', () => {
    expect(messageFor(invitationFormSchema, { emails: 'a@b', role: 'usuario' }, 'emails')).toBe(
      'Introduce al menos un email.',
    );
  });
  it('rejects a bad line', () => {
    expect(
      messageFor(invitationFormSchema, { emails: 'a@b.es\nnope', role: 'usuario' }, 'emails'),
    ).toBe('Una o más direcciones de email no tienen un formato válido.');
    expect(
      invitationFormSchema.safeParse({ emails: 'a@b.es\n\nc@d.es', role: 'scouter' }).success,
    ).toBe(true);
  });
  it('rejects an invalid role', () => {
    expect(messageFor(invitationFormSchema, { emails: 'a@b.es', role: 'jefe' }, 'role')).toBe(
      'Rol seleccionado no válido.',
    );
    expect(messageFor(updateRoleBodySchema, { role: 'root' }, 'role')).toBe(
      'Rol seleccionado no válido.',
    );
  });
  it('requires at least one invitation in the API body', () => {
    expect(messageFor(sendInvitationsBodySchema, { invitations: [] }, 'invitations')).toBe(
      'Error: No se introdujeron emails válidos.',
    );
    expect(
      messageFor(
        sendInvitationsBodySchema,
        { invitations: [{ email: 'x', role: 'usuario' }] },
        'invitations.0.email',
      ),
    ).toBe('Debe ser un email válido.');
  });
});

describe('profile and comments', () => {
  it('rejects an empty name when given', () => {
    expect(messageFor(profileUpdateSchema, { name: '  ' }, 'name')).toBe(
      'El nombre no puede estar vacío si se modifica.',
    );
    expect(profileUpdateSchema.safeParse({}).success).toBe(true);
  });
  it('trims comments and limits them to 500 characters', () => {
    expect(messageFor(commentBodySchema, { comment_text: '   ' }, 'comment_text')).toBe(
      'El comentario no puede estar vacío.',
    );
    expect(commentBodySchema.safeParse({ comment_text: 'x'.repeat(500) }).success).toBe(true);
    expect(messageFor(commentBodySchema, { comment_text: 'x'.repeat(501) }, 'comment_text')).toBe(
      'El comentario no puede tener más de 500 caracteres.',
    );
  });
});

describe('monitors', () => {
  const valid = { name: 'Lucía Martín', role_description: 'Scouter de Manada' };
  it('requires name and role, within 100 and 150 characters', () => {
    expect(messageFor(monitorFormSchema, { ...valid, name: '  ' }, 'name')).toBe(
      'El nombre es obligatorio.',
    );
    expect(messageFor(monitorFormSchema, { role_description: 'Scouter' }, 'name')).toBe(
      'El nombre es obligatorio.',
    );
    expect(messageFor(monitorFormSchema, { ...valid, name: 'n'.repeat(101) }, 'name')).toBe(
      'El nombre no puede tener más de 100 caracteres.',
    );
    expect(messageFor(monitorFormSchema, { name: 'Ana' }, 'role_description')).toBe(
      'El rol o cargo es obligatorio.',
    );
    expect(
      messageFor(monitorFormSchema, { ...valid, role_description: ' ' }, 'role_description'),
    ).toBe('El rol o cargo es obligatorio.');
    expect(
      messageFor(
        monitorFormSchema,
        { ...valid, role_description: 'r'.repeat(151) },
        'role_description',
      ),
    ).toBe('El rol o cargo no puede tener más de 150 caracteres.');
    expect(
      monitorFormSchema.safeParse({
        name: 'n'.repeat(100),
        role_description: 'r'.repeat(150),
      }).success,
    ).toBe(true);
  });
  it('takes an optional description of at most 2000 characters, trimmed', () => {
    expect(monitorFormSchema.parse(valid).description).toBeUndefined();
    expect(monitorFormSchema.parse({ ...valid, description: '  ' }).description).toBe('');
    expect(monitorFormSchema.safeParse({ ...valid, description: 'd'.repeat(2000) }).success).toBe(
      true,
    );
    expect(
      messageFor(monitorFormSchema, { ...valid, description: 'd'.repeat(2001) }, 'description'),
    ).toBe('La descripción no puede tener más de 2000 caracteres.');
  });
});

describe('news', () => {
  const valid = { title: 'Salida a la sierra', description: 'Resumen', content: 'Texto completo' };
  it('requires title, summary and content, trimmed', () => {
    expect(messageFor(newsFormSchema, { ...valid, title: '  ' }, 'title')).toBe(
      'El título es obligatorio.',
    );
    expect(messageFor(newsFormSchema, { content: 'x', description: 'y' }, 'title')).toBe(
      'El título es obligatorio.',
    );
    expect(messageFor(newsFormSchema, { ...valid, description: '' }, 'description')).toBe(
      'La descripción es obligatoria.',
    );
    expect(messageFor(newsFormSchema, { title: 'x', description: 'y' }, 'content')).toBe(
      'El contenido es obligatorio.',
    );
    expect(newsFormSchema.parse({ ...valid, title: '  Hola  ' }).title).toBe('Hola');
  });
  it('limits the title to 150, the summary to 300 and the content to 20000 characters', () => {
    expect(messageFor(newsFormSchema, { ...valid, title: 't'.repeat(151) }, 'title')).toBe(
      'El título no puede tener más de 150 caracteres.',
    );
    expect(
      messageFor(newsFormSchema, { ...valid, description: 'd'.repeat(301) }, 'description'),
    ).toBe('La descripción no puede tener más de 300 caracteres.');
    expect(messageFor(newsFormSchema, { ...valid, content: 'c'.repeat(20_001) }, 'content')).toBe(
      'El contenido no puede tener más de 20000 caracteres.',
    );
    expect(
      newsFormSchema.safeParse({
        title: 't'.repeat(150),
        description: 'd'.repeat(300),
        content: 'c'.repeat(20_000),
      }).success,
    ).toBe(true);
  });
  it('has the Spanish messages for a missing image and missing data', () => {
    expect(MSG.imageRequired).toBe('Error: La imagen es obligatoria.');
    expect(MSG.missingRequiredData).toBe('Error: Faltan datos obligatorios.');
  });
  it('takes a list limit of 1 to 100', () => {
    expect(newsListQuerySchema.parse({ limit: '3' }).limit).toBe(3);
    expect(newsListQuerySchema.parse({}).limit).toBeUndefined();
    for (const limit of ['0', '101', 'tres', '2.5']) {
      expect(newsListQuerySchema.safeParse({ limit }).success, limit).toBe(false);
    }
  });
});

describe('experiences', () => {
  const valid = { title: 'Ruta del Cares', description: 'Entre montañas', category: 'ruta' };
  it('requires a trimmed title of at most 150 characters and a description', () => {
    expect(messageFor(experienceFormSchema, { ...valid, title: ' ' }, 'title')).toBe(
      'El título es obligatorio.',
    );
    expect(messageFor(experienceFormSchema, { ...valid, title: 't'.repeat(151) }, 'title')).toBe(
      'El título no puede tener más de 150 caracteres.',
    );
    expect(messageFor(experienceFormSchema, { ...valid, description: '' }, 'description')).toBe(
      'La descripción es obligatoria.',
    );
    expect(
      messageFor(
        experienceFormSchema,
        { ...valid, description: 'd'.repeat(10_001) },
        'description',
      ),
    ).toBe('La descripción no puede tener más de 10000 caracteres.');
  });
  it('takes only ruta, campamento or zona as category', () => {
    for (const category of ['ruta', 'campamento', 'zona']) {
      expect(experienceFormSchema.parse({ ...valid, category }).category).toBe(category);
    }
    for (const category of ['all', 'Rutas', '', undefined]) {
      expect(messageFor(experienceFormSchema, { ...valid, category }, 'category')).toBe(
        'La categoría seleccionada no es válida.',
      );
    }
  });
  it('has the Spanish message for a missing image', () => {
    expect(MSG.experienceImageRequired).toBe('La imagen de la experiencia es obligatoria.');
  });
});

describe('stored text', () => {
  it('refuses a NUL character in every stored text field, with one message', () => {
    const nul = 'a\u0000b';
    expect(messageFor(commentBodySchema, { comment_text: nul }, 'comment_text')).toBe(
      MSG.textInvalidCharacters,
    );
    expect(messageFor(profileUpdateSchema, { name: nul }, 'name')).toBe(MSG.textInvalidCharacters);
    const news = { title: 'T', description: 'D', content: 'C' };
    for (const field of ['title', 'description', 'content']) {
      expect(messageFor(newsFormSchema, { ...news, [field]: nul }, field)).toBe(
        MSG.textInvalidCharacters,
      );
    }
    const monitor = { name: 'Ana', role_description: 'Kraal', description: 'x' };
    for (const field of ['name', 'role_description', 'description']) {
      expect(messageFor(monitorFormSchema, { ...monitor, [field]: nul }, field)).toBe(
        MSG.textInvalidCharacters,
      );
    }
    expect(
      messageFor(experienceFormSchema, { title: nul, description: 'D', category: 'ruta' }, 'title'),
    ).toBe(MSG.textInvalidCharacters);
  });

  it('reads a text of only invisible characters as empty, and keeps one with an emoji', () => {
    const invisible = '\u200B\u200C\u200D\u2060\uFEFF ';
    expect(messageFor(commentBodySchema, { comment_text: invisible }, 'comment_text')).toBe(
      MSG.commentEmpty,
    );
    expect(messageFor(profileUpdateSchema, { name: invisible }, 'name')).toBe(MSG.profileNameEmpty);
    expect(commentBodySchema.parse({ comment_text: ' ❤️ ' }).comment_text).toBe('❤️');
  });
});
