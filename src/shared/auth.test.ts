import { describe, expect, it } from 'vitest';
import { loginSchema, profileUpdateSchema, registerFormSchema, registerSchema } from './auth.js';

/** First message per path: what the form and the API show. */
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

const validForm = {
  name: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  company: '',
  role: 'consultor',
  password: 'segredo',
  confirmPassword: 'segredo',
  terms: true,
};

describe('login schema', () => {
  it('both fields required', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Por favor, preencha todos os campos',
      password: 'Por favor, preencha todos os campos',
    });
  });
  it('email must be an address', () => {
    expect(messages(loginSchema.safeParse({ email: 'ana.exemplo.com', password: 'x' }))).toEqual({
      email: 'Por favor, insira um email válido',
    });
  });
  it('normalises the e-mail', () => {
    expect(loginSchema.parse({ email: '  Ana@Exemplo.COM ', password: 'x' }).email).toBe('ana@exemplo.com');
  });
});

describe('register form schema', () => {
  it('accepts a valid form; blank company becomes null', () => {
    const r = registerFormSchema.parse(validForm);
    expect(r.company).toBeNull();
  });
  it.each([
    [{ name: '' }, 'name', 'Por favor, preencha todos os campos obrigatórios'],
    [{ name: 'A' }, 'name', 'O nome deve ter pelo menos 2 caracteres'],
    [{ name: 'x'.repeat(101) }, 'name', 'O nome deve ter no máximo 100 caracteres'],
    [{ email: '' }, 'email', 'Por favor, preencha todos os campos obrigatórios'],
    [{ email: 'sem-arroba' }, 'email', 'Por favor, insira um email válido'],
    [{ password: '12345', confirmPassword: '12345' }, 'password', 'A senha deve ter pelo menos 6 caracteres'],
    [{ confirmPassword: 'outra1' }, 'confirmPassword', 'As senhas não coincidem'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Por favor, preencha todos os campos obrigatórios'],
    [{ terms: false }, 'terms', 'Você precisa aceitar os Termos de Uso e a Política de Privacidade'],
    [{ role: 'pesquisador' }, 'role', 'Perfil inválido'],
  ])('%o → %s: %s', (patch, path, message) => {
    expect(messages(registerFormSchema.safeParse({ ...validForm, ...patch }))[path]).toBe(message);
  });
  it('name boundaries 2 and 100 are accepted', () => {
    expect(registerFormSchema.safeParse({ ...validForm, name: 'Al' }).success).toBe(true);
    expect(registerFormSchema.safeParse({ ...validForm, name: 'x'.repeat(100) }).success).toBe(true);
  });
  it('the API body defaults role to user', () => {
    expect(registerSchema.parse({ name: 'Ana', email: 'a@b.co', password: '123456' }).role).toBe('user');
  });
});

describe('profile update', () => {
  it('takes any subset', () => {
    expect(profileUpdateSchema.parse({ company: 'X' })).toEqual({ company: 'X' });
    expect(profileUpdateSchema.parse({})).toEqual({});
  });
});
