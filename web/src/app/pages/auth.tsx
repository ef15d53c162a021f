import { AuthForm } from '@/features/auth/auth-form';

export { AuthForm as Component };
