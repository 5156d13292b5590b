const points = [
  { title: 'Crea tu perfil gratis', text: 'Muestra tu contenido y tus redes en un solo lugar, sin costo.' },
  { title: 'Conecta con marcas de EE. UU.', text: 'Postúlate a campañas de marcas que buscan creadores latinoamericanos.' },
  { title: 'Pagos seguros en dólares', text: 'Recibe tus pagos en USD cuando la marca aprueba tu contenido.' },
  { title: 'Sin experiencia ni miles de seguidores', text: 'No necesitas experiencia previa ni una gran audiencia para empezar.' },
];

/** The pitch to creators beside the forms; shown on wide screens only (spec "Auth screen"). */
export function AuthMarketingPanel() {
  return (
    <aside aria-labelledby="auth-pitch" className="hidden flex-1 flex-col justify-center bg-brand-700 px-12 py-16 text-white lg:flex">
      <h2 id="auth-pitch" className="text-3xl font-bold leading-tight">
        Convierte tu creatividad en ingresos en dólares
      </h2>
      <p className="mt-4 max-w-md text-brand-100">Trabaja con marcas de Estados Unidos desde cualquier país de Latinoamérica.</p>
      <ul className="mt-10 space-y-6">
        {points.map((p) => (
          <li key={p.title} className="flex gap-3">
            <span aria-hidden="true" className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm">
              ✓
            </span>
            <div>
              <p className="font-semibold">{p.title}</p>
              <p className="text-sm text-brand-100">{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
