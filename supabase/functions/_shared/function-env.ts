/** What the functions need from their environment (Supabase sets these for every function). */
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** Reads the function environment once; a missing variable is a deployment error, reported at start. */
export function readFunctionEnv(get: (name: string) => string | undefined = (n) => Deno.env.get(n)): FunctionEnv {
  const need = (name: string) => {
    const value = get(name);
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  return {
    supabaseUrl: need('SUPABASE_URL').replace(/\/$/, ''),
    anonKey: need('SUPABASE_ANON_KEY'),
    serviceRoleKey: need('SUPABASE_SERVICE_ROLE_KEY'),
  };
}
