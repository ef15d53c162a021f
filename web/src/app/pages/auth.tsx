import { AuthForm } from '@/features/accounts/auth-form';

export { AuthForm as Component };
