-- Demo data for local development and tests. Every account's password is `password123`.
-- admin@demo.test (admin), brand@demo.test (brand), creator@demo.test (creator), two more US brands and
-- eleven more creators from Latin America, who joined over the last four months. Fixed ids so tests can
-- refer to them:
--   users     00000000-0000-0000-0000-000000000001 (admin), ...0000000000b1-b3 (brands), ...000000000c01-c12 (creators)
--   campaigns 00000000-0000-0000-0001-0000000000NN, applications ...-0002-..., deliverables ...-0003-...,
--   messages  ...-0004-..., payments ...-0005-..., escrows ...-0006-0000000000NN (NN: the application),
--   reviews   ...-0008-...
--   Stripe    PaymentIntents pi_demo_NNNN (NN: the payment), recipient accounts acct_1Seed<Name><Country>,
--             OutboundPayments obp_test_Seed<Name><Country>N. No Stripe account holds them; the local stack's
--             Stripe double is given them at its start (local/bootstrap/seed-stripe.ts matches these shapes).
-- Users are inserted into auth.users, each with its email identity in auth.identities; the sign-up trigger
-- creates their profiles (role from app_metadata), which are then given their sign-up time.
--
-- The story (the tests count these rows, so there are exactly as many as they expect):
--   * Escrow hires, released: ByteBrew hired Diego for the espresso review (changes requested, resubmitted,
--     approved) and TrailPeak hired Mateo for the winter stories (approved by the platform when the review
--     window ran out). Both creators were paid out by the schedule; Valentina is onboarding and Camila's
--     payout account needs attention.
--   * An open dispute: TrailPeak hired Lucía for the backpack test ($800.00, funded) and disputes her video
--     (a day walk, not the multi-day hike of the brief); both wrote in its thread, the money is frozen in
--     escrow and the dispute waits in the admins' queue.
--   * Hires from before escrow (paid directly on approval): Sofía's serum video and lip tint reel for
--     GlowLab, with her reel version awaiting review; Mateo's backpack video for TrailPeak with both
--     included revision rounds used and the third cut awaiting review; Camila's coffee reel for ByteBrew,
--     second round awaiting review after changes were requested; Diego's cold brew video, rejected.
--   * Reviews: Diego and ByteBrew reviewed each other (so Diego is rated 5.0 and ByteBrew 4.0), Mateo and
--     TrailPeak too (TrailPeak's review hidden by an admin, so Mateo is still "New"). Nothing is still blind.
--   * Every application, deliverable round and money step is in each application's history, by whoever
--     took it, at the time it happened.

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
values
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000001', 'authenticated', 'authenticated', 'admin@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '120 days', '{"provider": "email", "providers": ["email"], "role": "admin"}'::jsonb,
   '{"username": "admin_demo", "full_name": "Alex Morgan"}'::jsonb, now() - interval '120 days', now() - interval '120 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-0000000000b1', 'authenticated', 'authenticated', 'brand@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '119 days', '{"provider": "email", "providers": ["email"], "role": "brand"}'::jsonb,
   '{"username": "glowlab", "full_name": "Jessica Parker"}'::jsonb, now() - interval '119 days', now() - interval '119 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-0000000000b2', 'authenticated', 'authenticated', 'trailpeak@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '118 days', '{"provider": "email", "providers": ["email"], "role": "brand"}'::jsonb,
   '{"username": "trailpeak", "full_name": "Mark Sullivan"}'::jsonb, now() - interval '118 days', now() - interval '118 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-0000000000b3', 'authenticated', 'authenticated', 'bytebrew@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '117 days', '{"provider": "email", "providers": ["email"], "role": "brand"}'::jsonb,
   '{"username": "bytebrew", "full_name": "Emily Chen"}'::jsonb, now() - interval '117 days', now() - interval '117 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c01', 'authenticated', 'authenticated', 'creator@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '116 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "sofia.rios", "full_name": "Sofía Ríos", "instagram_handle": "sofia.rios", "tiktok_handle": "sofiarios", "youtube_handle": "SofiaRiosBeauty"}'::jsonb, now() - interval '116 days', now() - interval '116 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c02', 'authenticated', 'authenticated', 'mateo@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '115 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "mateo.viaja", "full_name": "Mateo Fernández", "instagram_handle": "mateo.viaja", "tiktok_handle": "mateoviaja", "youtube_handle": "MateoViaja"}'::jsonb, now() - interval '115 days', now() - interval '115 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c03', 'authenticated', 'authenticated', 'valentina@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '24 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "vale_fit", "full_name": "Valentina Gómez", "instagram_handle": "vale_fit", "tiktok_handle": "valefit"}'::jsonb, now() - interval '24 days', now() - interval '24 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c04', 'authenticated', 'authenticated', 'camila@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '75 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "cami.cocina", "full_name": "Camila Herrera", "tiktok_handle": "camicocina", "youtube_handle": "CamiCocina"}'::jsonb, now() - interval '75 days', now() - interval '75 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c05', 'authenticated', 'authenticated', 'diego@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '112 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "diegotech", "full_name": "Diego Martínez", "instagram_handle": "diegotech", "tiktok_handle": "diegotech", "youtube_handle": "DiegoTechCL"}'::jsonb, now() - interval '112 days', now() - interval '112 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c06', 'authenticated', 'authenticated', 'lucia@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '31 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "lucia.moda", "full_name": "Lucía Castillo", "instagram_handle": "lucia.moda"}'::jsonb, now() - interval '31 days', now() - interval '31 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c07', 'authenticated', 'authenticated', 'andres@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '9 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "andres_vlogs", "full_name": "Andrés Morales", "instagram_handle": "andres_vlogs", "tiktok_handle": "andresvlogs", "youtube_handle": "AndresVlogs"}'::jsonb, now() - interval '9 days', now() - interval '9 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c08', 'authenticated', 'authenticated', 'isabella@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '33 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "isa.beauty", "full_name": "Isabella Torres", "instagram_handle": "isa.beauty", "tiktok_handle": "isabeauty"}'::jsonb, now() - interval '33 days', now() - interval '33 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c09', 'authenticated', 'authenticated', 'santiago@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '52 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "santi.runs", "full_name": "Santiago López", "tiktok_handle": "santiruns", "youtube_handle": "SantiRuns"}'::jsonb, now() - interval '52 days', now() - interval '52 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c10', 'authenticated', 'authenticated', 'gabriela@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '44 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "gabi.viajera", "full_name": "Gabriela Ruiz", "instagram_handle": "gabi.viajera", "tiktok_handle": "gabiviajera", "youtube_handle": "GabiViajera"}'::jsonb, now() - interval '44 days', now() - interval '44 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c11', 'authenticated', 'authenticated', 'nicolas@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '18 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "nico.gamer", "full_name": "Nicolás Vargas", "tiktok_handle": "nicogamer", "youtube_handle": "NicoGamerEC"}'::jsonb, now() - interval '18 days', now() - interval '18 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c12', 'authenticated', 'authenticated', 'daniela@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '6 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "dani.estilo", "full_name": "Daniela Pérez", "instagram_handle": "dani.estilo"}'::jsonb, now() - interval '6 days', now() - interval '6 days', '', '', '', '');

-- Each user's email identity, as GoTrue keeps one for every email user (provider_id is the user id);
-- some GoTrue versions refuse a password sign-in to a user without it. Verified: these addresses count as
-- confirmed through the link.
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', u.created_at, u.created_at, u.created_at
from auth.users u
where u.email like '%@demo.test';

update app.profiles set bio = 'Platform administrator.' where id = '00000000-0000-0000-0000-000000000001';
update app.profiles set bio = 'Clean skincare made in California.' where id = '00000000-0000-0000-0000-0000000000b1';
update app.brand_profiles set company_name = 'GlowLab Skincare', industry = 'Beauty', website = 'https://glowlab.example.com',
  contact_email = 'brand@demo.test', contact_phone = '(415) 555-0134' where user_id = '00000000-0000-0000-0000-0000000000b1';
update app.profiles set bio = 'Gear for people who would rather be outside.' where id = '00000000-0000-0000-0000-0000000000b2';
update app.brand_profiles set company_name = 'TrailPeak Outdoor', industry = 'Travel', website = 'trailpeak.example.com',
  contact_email = 'trailpeak@demo.test', contact_phone = '(303) 555-0188' where user_id = '00000000-0000-0000-0000-0000000000b2';
update app.profiles set bio = 'Specialty coffee for developers and night owls.' where id = '00000000-0000-0000-0000-0000000000b3';
update app.brand_profiles set company_name = 'ByteBrew Coffee', industry = 'Food', website = 'https://bytebrew.example.com',
  contact_email = 'bytebrew@demo.test', contact_phone = '(206) 555-0199' where user_id = '00000000-0000-0000-0000-0000000000b3';
update app.profiles set bio = 'Maquillaje natural y skincare para piel latina. Reseñas honestas desde Bogotá.' where id = '00000000-0000-0000-0000-000000000c01';
update app.creator_profiles set niche = 'Beauty', location = 'Bogotá, Colombia', followers = 48200,
  rate_per_post_cents = 15000 where user_id = '00000000-0000-0000-0000-000000000c01';
update app.profiles set bio = 'Recorro los Andes con mochila y cámara. Historias de viaje, rutas y consejos prácticos.' where id = '00000000-0000-0000-0000-000000000c02';
update app.creator_profiles set niche = 'Travel', location = 'Cusco, Perú', followers = 86500,
  rate_per_post_cents = 30000 where user_id = '00000000-0000-0000-0000-000000000c02';
update app.profiles set bio = 'Entrenadora personal. Rutinas de 20 minutos en casa y recetas altas en proteína.' where id = '00000000-0000-0000-0000-000000000c03';
update app.creator_profiles set niche = 'Fitness', location = 'Monterrey, México', followers = 120400,
  rate_per_post_cents = 40000 where user_id = '00000000-0000-0000-0000-000000000c03';
update app.profiles set bio = 'Cocina casera argentina con un toque moderno. Empanadas, dulce de leche y mucho más.' where id = '00000000-0000-0000-0000-000000000c04';
update app.creator_profiles set niche = 'Food', location = 'Buenos Aires, Argentina', followers = 35900,
  rate_per_post_cents = 12000 where user_id = '00000000-0000-0000-0000-000000000c04';
update app.profiles set bio = 'Reseñas de gadgets, apps y productividad en español claro y sin rodeos.' where id = '00000000-0000-0000-0000-000000000c05';
update app.creator_profiles set niche = 'Tech', location = 'Santiago, Chile', followers = 64300,
  rate_per_post_cents = 25000 where user_id = '00000000-0000-0000-0000-000000000c05';
update app.profiles set bio = 'Moda sostenible y outfits de segunda mano. Estilo limeño con presupuesto pequeño.' where id = '00000000-0000-0000-0000-000000000c06';
update app.creator_profiles set niche = 'Fashion', location = 'Lima, Perú', followers = 27800,
  rate_per_post_cents = 10000 where user_id = '00000000-0000-0000-0000-000000000c06';
update app.profiles set bio = 'Vlogs diarios desde Medellín: emprendimiento, café y vida en la ciudad de la eterna primavera.' where id = '00000000-0000-0000-0000-000000000c07';
update app.creator_profiles set niche = 'Lifestyle', location = 'Medellín, Colombia', followers = 152000,
  rate_per_post_cents = 50000 where user_id = '00000000-0000-0000-0000-000000000c07';
update app.profiles set bio = 'Tutoriales de maquillaje para principiantes. Productos accesibles que sí funcionan.' where id = '00000000-0000-0000-0000-000000000c08';
update app.creator_profiles set niche = 'Beauty', location = 'Guadalajara, México', followers = 9400,
  rate_per_post_cents = 5000 where user_id = '00000000-0000-0000-0000-000000000c08';
update app.profiles set bio = 'Corredor de maratón. Comparto entrenamientos, nutrición y reseñas de calzado.' where id = '00000000-0000-0000-0000-000000000c09';
update app.creator_profiles set niche = 'Fitness', location = 'Montevideo, Uruguay', followers = 18700,
  rate_per_post_cents = 8000 where user_id = '00000000-0000-0000-0000-000000000c09';
update app.profiles set bio = 'Playas, volcanes y pura vida. Guías de viaje por Centroamérica para todos los bolsillos.' where id = '00000000-0000-0000-0000-000000000c10';
update app.creator_profiles set niche = 'Travel', location = 'San José, Costa Rica', followers = 73100,
  rate_per_post_cents = 28000 where user_id = '00000000-0000-0000-0000-000000000c10';
update app.profiles set bio = 'Videojuegos, setups y tecnología para gamers. Transmisiones en vivo tres veces por semana.' where id = '00000000-0000-0000-0000-000000000c11';
update app.creator_profiles set niche = 'Tech', location = 'Quito, Ecuador', followers = 41000,
  rate_per_post_cents = 18000 where user_id = '00000000-0000-0000-0000-000000000c11';
update app.profiles set bio = 'Mamá, diseñadora y amante de las plantas. Comparto mi día a día y pequeños hábitos que me hacen feliz.' where id = '00000000-0000-0000-0000-000000000c12';
update app.creator_profiles set niche = 'Lifestyle', location = 'Ciudad de México, México', followers = 5200,
  rate_per_post_cents = null where user_id = '00000000-0000-0000-0000-000000000c12';

-- Pictures (decision 0048): every account has a photo or, for brands, a logo, and every creator 2-4
-- portfolio items. The files are generated by scripts/seed-media/generate.ts into supabase/seed-media/;
-- the local stack puts them into its Storage at start (local/bootstrap/seed-media.ts), a hosted project
-- gets them with `npx tsx scripts/seed-media/upload.ts`. The addresses are root-relative because SQL
-- cannot know the project's host: the app reads /storage/v1/... against its Supabase URL.
update app.profiles p set avatar_url = '/storage/v1/object/public/avatars/' || p.id || '/avatar.webp'
where p.id in ('00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-000000000c03', '00000000-0000-0000-0000-000000000c04', '00000000-0000-0000-0000-000000000c05', '00000000-0000-0000-0000-000000000c06', '00000000-0000-0000-0000-000000000c07', '00000000-0000-0000-0000-000000000c08', '00000000-0000-0000-0000-000000000c09', '00000000-0000-0000-0000-000000000c10', '00000000-0000-0000-0000-000000000c11', '00000000-0000-0000-0000-000000000c12');
update app.brand_profiles b set logo_url = '/storage/v1/object/public/logos/' || b.user_id || '/logo.png'
where b.user_id in ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-0000000000b3');
-- A brand's picture is its logo (decision 0046).
update app.profiles p set avatar_url = b.logo_url from app.brand_profiles b where b.user_id = p.id and b.logo_url is not null;
insert into app.portfolio_items (creator_id, path, kind, caption, position, created_at)
values
  ('00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-000000000c01/1.webp', 'image', 'Serum', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-000000000c01/2.jpg', 'image', 'Lip tint', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-000000000c01/3.webp', 'image', 'Glow', 3, now() - interval '27 days'),
  ('00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-000000000c02/1.webp', 'image', 'Andes', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-000000000c02/2.jpg', 'image', 'Cusco', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-000000000c02/3.webp', 'image', 'Trail', 3, now() - interval '27 days'),
  ('00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-000000000c02/4.jpg', 'image', 'Camp', 4, now() - interval '26 days'),
  ('00000000-0000-0000-0000-000000000c03', '00000000-0000-0000-0000-000000000c03/1.webp', 'image', '20 min', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c03', '00000000-0000-0000-0000-000000000c03/2.jpg', 'image', 'Protein', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c04', '00000000-0000-0000-0000-000000000c04/1.webp', 'image', 'Empanadas', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c04', '00000000-0000-0000-0000-000000000c04/2.jpg', 'image', 'Dulce', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c04', '00000000-0000-0000-0000-000000000c04/3.webp', 'image', 'Café', 3, now() - interval '27 days'),
  ('00000000-0000-0000-0000-000000000c05', '00000000-0000-0000-0000-000000000c05/1.webp', 'image', 'Gadget', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c05', '00000000-0000-0000-0000-000000000c05/2.jpg', 'image', 'Setup', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c06', '00000000-0000-0000-0000-000000000c06/1.webp', 'image', 'Outfit', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c06', '00000000-0000-0000-0000-000000000c06/2.jpg', 'image', 'Thrift', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c06', '00000000-0000-0000-0000-000000000c06/3.webp', 'image', 'Lima', 3, now() - interval '27 days'),
  ('00000000-0000-0000-0000-000000000c07', '00000000-0000-0000-0000-000000000c07/1.webp', 'image', 'Medellín', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c07', '00000000-0000-0000-0000-000000000c07/2.jpg', 'image', 'Vlog', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c08', '00000000-0000-0000-0000-000000000c08/1.webp', 'image', 'Tutorial', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c08', '00000000-0000-0000-0000-000000000c08/2.jpg', 'image', 'Makeup', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c08', '00000000-0000-0000-0000-000000000c08/3.webp', 'image', 'Tips', 3, now() - interval '27 days'),
  ('00000000-0000-0000-0000-000000000c09', '00000000-0000-0000-0000-000000000c09/1.webp', 'image', '42K', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c09', '00000000-0000-0000-0000-000000000c09/2.jpg', 'image', 'Shoes', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c10', '00000000-0000-0000-0000-000000000c10/1.webp', 'image', 'Volcán', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c10', '00000000-0000-0000-0000-000000000c10/2.jpg', 'image', 'Playa', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c10', '00000000-0000-0000-0000-000000000c10/3.webp', 'image', 'Pura vida', 3, now() - interval '27 days'),
  ('00000000-0000-0000-0000-000000000c10', '00000000-0000-0000-0000-000000000c10/4.jpg', 'image', 'Ruta', 4, now() - interval '26 days'),
  ('00000000-0000-0000-0000-000000000c11', '00000000-0000-0000-0000-000000000c11/1.webp', 'image', 'Setup', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c11', '00000000-0000-0000-0000-000000000c11/2.jpg', 'image', 'Live', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c12', '00000000-0000-0000-0000-000000000c12/1.webp', 'image', 'Plantas', 1, now() - interval '29 days'),
  ('00000000-0000-0000-0000-000000000c12', '00000000-0000-0000-0000-000000000c12/2.jpg', 'image', 'Hábitos', 2, now() - interval '28 days'),
  ('00000000-0000-0000-0000-000000000c12', '00000000-0000-0000-0000-000000000c12/3.webp', 'image', 'Diseño', 3, now() - interval '27 days');


insert into app.campaigns (id, brand_id, title, description, content_type, platforms, compensation_type,
  compensation_cents, deadline, requirements, status, created_at, updated_at)
values
  ('00000000-0000-0000-0001-000000000001', '00000000-0000-0000-0000-0000000000b1', 'Morning Glow Serum Launch',
   'Show your morning skincare routine featuring our new vitamin C serum. We want honest, natural-light content that feels like a real routine.',
   'video', array['tiktok', 'instagram'], 'flat_fee', 50000, now() + interval '30 days', '60-90 seconds, natural light, mention #GlowLabMornings.', 'active',
   now() - interval '20 days', now() - interval '20 days'),
  ('00000000-0000-0000-0001-000000000002', '00000000-0000-0000-0000-0000000000b1', 'Reseña: protector solar mineral',
   'Looking for Spanish-language reviews of our mineral sunscreen for sensitive skin. Perfect for creators in sunny cities.',
   'review', array['youtube'], 'product', 0, now() + interval '21 days', 'Minimum 5 minutes, include a wear test after 8 hours.', 'active',
   now() - interval '15 days', now() - interval '15 days'),
  ('00000000-0000-0000-0001-000000000003', '00000000-0000-0000-0000-0000000000b1', 'Holiday Gift Set Stories',
   'Three Instagram stories unboxing our holiday gift set.',
   'story', array['instagram'], 'flat_fee', 25000, now() + interval '10 days', null, 'paused',
   now() - interval '40 days', now() - interval '40 days'),
  ('00000000-0000-0000-0001-000000000004', '00000000-0000-0000-0000-0000000000b1', 'Summer Lip Tint Reels',
   'Fun, colorful reels trying all six shades of our lip tint.',
   'reel', array['instagram', 'tiktok'], 'performance', 15000, now() + interval '-5 days', 'Tag @glowlab and use the promo code we provide.', 'completed',
   now() - interval '90 days', now() - interval '90 days'),
  ('00000000-0000-0000-0001-000000000005', '00000000-0000-0000-0000-0000000000b1', 'Spring Collection Photos',
   'High quality photos of our spring collection for our website.',
   'image', array['instagram'], 'flat_fee', 40000, now() + interval '45 days', 'At least 10 edited photos, 4:5 ratio.', 'draft',
   now() - interval '2 days', now() - interval '2 days'),
  ('00000000-0000-0000-0001-000000000006', '00000000-0000-0000-0000-0000000000b2', 'Andes Trail Backpack Test',
   'Take our 40L backpack on a real multi-day hike and tell your followers how it held up.',
   'video', array['youtube', 'instagram'], 'flat_fee', 80000, now() + interval '40 days', 'Multi-day hike, at least one camp scene.', 'active',
   now() - interval '12 days', now() - interval '12 days'),
  ('00000000-0000-0000-0001-000000000007', '00000000-0000-0000-0000-0000000000b2', 'Camping en la playa',
   'Share a beach camping post with our ultralight tent. Spanish captions welcome.',
   'post', array['instagram', 'facebook'], 'product', 0, now() + interval '25 days', null, 'active',
   now() - interval '9 days', now() - interval '9 days'),
  ('00000000-0000-0000-0001-000000000008', '00000000-0000-0000-0000-0000000000b2', 'Winter Jacket Stories',
   'Stories showing our jacket in cold weather.',
   'story', array['instagram'], 'flat_fee', 20000, now() + interval '5 days', null, 'completed',
   now() - interval '70 days', now() - interval '70 days'),
  ('00000000-0000-0000-0001-000000000009', '00000000-0000-0000-0000-0000000000b2', 'Trail Running Shoe Review',
   'In-depth review of our trail running shoe after 50 km.',
   'review', array['youtube', 'tiktok'], 'performance', 30000, now() + interval '35 days', 'Share distance data from your watch.', 'paused',
   now() - interval '30 days', now() - interval '30 days'),
  ('00000000-0000-0000-0001-000000000010', '00000000-0000-0000-0000-0000000000b2', 'Outdoor Photo Challenge',
   'Beautiful landscape photos with our gear visible.',
   'image', array['instagram', 'twitter'], 'flat_fee', 35000, now() + interval '60 days', null, 'draft',
   now() - interval '1 days', now() - interval '1 days'),
  ('00000000-0000-0000-0001-000000000011', '00000000-0000-0000-0000-0000000000b3', 'Late Night Coding Coffee',
   'Show your late-night setup with a cup of ByteBrew. Tech and gaming creators preferred.',
   'video', array['tiktok', 'youtube'], 'flat_fee', 45000, now() + interval '28 days', 'Mention our cold brew concentrate.', 'active',
   now() - interval '7 days', now() - interval '7 days'),
  ('00000000-0000-0000-0001-000000000012', '00000000-0000-0000-0000-0000000000b3', 'Café de especialidad: receta',
   'Reel with a creative coffee recipe using our beans. Latin American flavors encouraged!',
   'reel', array['instagram', 'tiktok'], 'flat_fee', 30000, now() + interval '18 days', null, 'active',
   now() - interval '5 days', now() - interval '5 days'),
  ('00000000-0000-0000-0001-000000000013', '00000000-0000-0000-0000-0000000000b3', 'Office Energy Post',
   'A post about staying focused at work with coffee.',
   'post', array['twitter', 'facebook', 'instagram'], 'performance', 10000, now() + interval '20 days', null, 'active',
   now() - interval '3 days', now() - interval '3 days'),
  ('00000000-0000-0000-0001-000000000014', '00000000-0000-0000-0000-0000000000b3', 'Espresso Machine Review',
   'Full review of our home espresso machine.',
   'review', array['youtube'], 'flat_fee', 100000, now() + interval '-10 days', 'At least 10 minutes.', 'completed',
   now() - interval '100 days', now() - interval '100 days'),
  ('00000000-0000-0000-0001-000000000015', '00000000-0000-0000-0000-0000000000b3', 'Cold Brew Summer Stories',
   'Everyday stories drinking our cold brew.',
   'story', array['instagram', 'tiktok', 'youtube', 'facebook', 'twitter'], 'product', 0, now() + interval '50 days', null, 'active',
   now() - interval '1 days', now() - interval '1 days');

-- Applications, oldest first. Those inserted already accepted or rejected are hires from before escrow
-- (their content was paid directly); applications 12 and 13 are inserted pending and accepted below,
-- which opens their escrow as accepting does in the app.
insert into app.applications (id, campaign_id, creator_id, pitch, status, created_at, updated_at)
values
  ('00000000-0000-0000-0002-000000000012', '00000000-0000-0000-0001-000000000014', '00000000-0000-0000-0000-000000000c05',
   'Reseño cafeteras y gadgets de cocina; tengo audiencia interesada en espresso.', 'pending', now() - interval '97 days', now() - interval '97 days'),
  ('00000000-0000-0000-0002-000000000013', '00000000-0000-0000-0001-000000000008', '00000000-0000-0000-0000-000000000c02',
   'Viajo a la Patagonia este invierno, ideal para historias con la chaqueta.', 'pending', now() - interval '68 days', now() - interval '68 days'),
  ('00000000-0000-0000-0002-000000000015', '00000000-0000-0000-0001-000000000009', '00000000-0000-0000-0000-000000000c09',
   'Corro 60 km por semana; puedo reseñar las zapatillas con datos reales.', 'rejected', now() - interval '28 days', now() - interval '25 days'),
  ('00000000-0000-0000-0002-000000000007', '00000000-0000-0000-0001-000000000004', '00000000-0000-0000-0000-000000000c01',
   'Tengo experiencia con reels de maquillaje y pruebas de tonos.', 'accepted', now() - interval '24 days', now() - interval '22 days'),
  ('00000000-0000-0000-0002-000000000008', '00000000-0000-0000-0001-000000000004', '00000000-0000-0000-0000-000000000c08',
   'Me gustaría probar todos los tonos en un reel divertido.', 'rejected', now() - interval '23 days', now() - interval '21 days'),
  ('00000000-0000-0000-0002-000000000001', '00000000-0000-0000-0001-000000000001', '00000000-0000-0000-0000-000000000c01',
   'Hago rutinas de skincare todas las mañanas con luz natural; mi audiencia confía en mis reseñas honestas.', 'accepted', now() - interval '19 days', now() - interval '17 days'),
  ('00000000-0000-0000-0002-000000000006', '00000000-0000-0000-0001-000000000001', '00000000-0000-0000-0000-000000000c08',
   'Mis tutoriales para principiantes son perfectos para mostrar un sérum fácil de usar.', 'pending', now() - interval '14 days', now() - interval '14 days'),
  ('00000000-0000-0000-0002-000000000002', '00000000-0000-0000-0001-000000000002', '00000000-0000-0000-0000-000000000c01',
   'Vivo en Bogotá y uso protector solar a diario. Puedo hacer una prueba de 8 horas completa en video.', 'pending', now() - interval '13 days', now() - interval '13 days'),
  ('00000000-0000-0000-0002-000000000004', '00000000-0000-0000-0001-000000000006', '00000000-0000-0000-0000-000000000c02',
   'Hago trekking en los Andes cada mes: puedo llevar la mochila al Camino Inca en mi próxima ruta.', 'accepted', now() - interval '11 days 20 hours', now() - interval '11 days 12 hours'),
  ('00000000-0000-0000-0002-000000000003', '00000000-0000-0000-0001-000000000006', '00000000-0000-0000-0000-000000000c01',
   'Me encantaría probar la mochila en una caminata por los cerros orientales.', 'rejected', now() - interval '11 days', now() - interval '9 days'),
  ('00000000-0000-0000-0002-000000000005', '00000000-0000-0000-0001-000000000007', '00000000-0000-0000-0000-000000000c10',
   'Acampo en playas de Guanacaste con frecuencia; mi comunidad ama el contenido outdoor.', 'pending', now() - interval '8 days', now() - interval '8 days'),
  ('00000000-0000-0000-0002-000000000009', '00000000-0000-0000-0001-000000000011', '00000000-0000-0000-0000-000000000c05',
   'Mi setup nocturno es parte de cada video: el café es clave en mis reseñas de tech.', 'accepted', now() - interval '6 days 20 hours', now() - interval '6 days'),
  ('00000000-0000-0000-0002-000000000010', '00000000-0000-0000-0001-000000000011', '00000000-0000-0000-0000-000000000c11',
   'Transmito en vivo de noche tres veces por semana; el café aparece en cada stream.', 'pending', now() - interval '6 days 12 hours', now() - interval '6 days 12 hours'),
  ('00000000-0000-0000-0002-000000000011', '00000000-0000-0000-0001-000000000012', '00000000-0000-0000-0000-000000000c04',
   'Puedo crear un café con dulce de leche al estilo argentino para un reel.', 'accepted', now() - interval '4 days 20 hours', now() - interval '4 days 12 hours'),
  ('00000000-0000-0000-0002-000000000016', '00000000-0000-0000-0001-000000000012', '00000000-0000-0000-0000-000000000c12',
   'Comparto mis mañanas con café y plantas; encaja con una receta sencilla.', 'pending', now() - interval '3 days 12 hours', now() - interval '3 days 12 hours'),
  ('00000000-0000-0000-0002-000000000014', '00000000-0000-0000-0001-000000000013', '00000000-0000-0000-0000-000000000c07',
   'Hablo de productividad y emprendimiento a diario en Medellín.', 'pending', now() - interval '2 days 12 hours', now() - interval '2 days 12 hours');

insert into app.messages (id, sender_id, receiver_id, content, read, created_at)
values
  ('00000000-0000-0000-0004-000000000009', '00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-0000000000b1',
   'Welcome to the platform! Let us know if you need help setting up campaigns.', true, now() - interval '118 days 20 hours'),
  ('00000000-0000-0000-0004-000000000001', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000c01',
   'Hi Sofía! We loved your application for the Morning Glow Serum launch. Welcome aboard!', true, now() - interval '16 days 23 hours'),
  ('00000000-0000-0000-0004-000000000002', '00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-0000000000b1',
   '¡Muchas gracias! Estoy muy emocionada. ¿Cuándo llega el producto?', true, now() - interval '16 days 21 hours'),
  ('00000000-0000-0000-0004-000000000003', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000c01',
   'It ships tomorrow, you should have it by Friday.', true, now() - interval '16 days 20 hours'),
  ('00000000-0000-0000-0004-000000000004', '00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-0000000000b1',
   'Perfecto, ya subí el primer video. ¿Qué les parece?', true, now() - interval '14 days 23 hours'),
  ('00000000-0000-0000-0004-000000000005', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000c01',
   'It looks amazing! Approved. Could you also share a reel version?', false, now() - interval '12 days 23 hours'),
  ('00000000-0000-0000-0004-000000000006', '00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-000000000c02',
   'Mateo, the backpack is on its way to Cusco. Enjoy the trail!', true, now() - interval '11 days 10 hours'),
  ('00000000-0000-0000-0004-000000000007', '00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-0000000000b2',
   '¡Genial! Salgo el lunes al Camino Inca, les mando fotos.', false, now() - interval '11 days 8 hours'),
  ('00000000-0000-0000-0004-000000000010', '00000000-0000-0000-0000-000000000c04', '00000000-0000-0000-0000-0000000000b3',
   'Hola, ¿puedo usar granos de origen colombiano en la receta?', false, now() - interval '4 days 6 hours'),
  ('00000000-0000-0000-0004-000000000008', '00000000-0000-0000-0000-0000000000b3', '00000000-0000-0000-0000-000000000c05',
   'Hi Diego, could you mention the cold brew concentrate by name in the next cut?', false, now() - interval '4 days 10 hours');

-- The hires' history, step by step as the app takes them, so the triggers open and fund escrows, keep the
-- revision rounds, write each application's events and move the money through the ledger. Each step acts
-- as the person who takes it (pg_temp.act_as: the claims, so the history names them; none is the platform);
-- the triggers stamp now(), so each step is followed by moving what it just wrote (the last hour) to when
-- it happened (pg_temp.happened). The updated_at columns are corrected at the end.

/** The next steps are taken by this user, as PostgREST would set the claims (null: no signed-in user). */
create function pg_temp.act_as(user_id uuid) returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims',
    case when user_id is null then '' else json_build_object('sub', user_id, 'role', 'authenticated')::text end, false);
end;
$$;

/** The step just taken on this application happened `at`: its new rounds and history move there. */
create function pg_temp.happened(application_id uuid, at timestamptz) returns void language plpgsql as $$
begin
  update app.deliverable_rounds r set submitted_at = at
    where r.application_id = happened.application_id and r.submitted_at > now() - interval '1 hour';
  update app.deliverable_rounds r set decided_at = at
    where r.application_id = happened.application_id and r.decided_at > now() - interval '1 hour';
  update app.application_events e set created_at = at
    where e.application_id = happened.application_id and e.created_at > now() - interval '1 hour';
end;
$$;

-- ByteBrew hires Diego for the "Espresso Machine Review" ($1,000.00, campaign 14): accepted, funded by card,
-- a first cut that is too short (changes requested), the full review resubmitted and approved, which
-- releases the escrow: $850.00 to Diego, $150.00 fee. Escrow 00000000-0000-0000-0006-000000000012.
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b3');
update app.applications set status = 'accepted' where id = '00000000-0000-0000-0002-000000000012';
update app.escrows set id = '00000000-0000-0000-0006-000000000012', created_at = now() - interval '95 days'
  where application_id = '00000000-0000-0000-0002-000000000012';
select pg_temp.happened('00000000-0000-0000-0002-000000000012', now() - interval '95 days');
insert into app.payments (id, escrow_id, amount_cents, status, payment_method, stripe_payment_id, payment_date, created_at)
values ('00000000-0000-0000-0005-000000000003', '00000000-0000-0000-0006-000000000012', 100000, 'completed', 'card', 'pi_demo_0003',
  now() - interval '94 days', now() - interval '94 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c05');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000007', '00000000-0000-0000-0002-000000000012', 'https://www.youtube.com/watch?v=espressoRev1',
  'pending', now() - interval '72 days', now() - interval '72 days');
update app.deliverables set review_due_at = now() - interval '69 days' where id = '00000000-0000-0000-0003-000000000007';
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b3');
update app.deliverables set status = 'changes_requested',
  feedback = 'Great start! The brief asks for at least 10 minutes and this cut runs 6. Could you add the milk-frothing test and the cleaning routine?'
  where id = '00000000-0000-0000-0003-000000000007';
select pg_temp.happened('00000000-0000-0000-0002-000000000012', now() - interval '70 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c05');
update app.deliverables set status = 'pending',
  note = 'Subí la versión completa en el mismo enlace: 11 minutos, con la prueba de espumado y la limpieza semanal.'
  where id = '00000000-0000-0000-0003-000000000007';
update app.deliverables set review_due_at = now() - interval '60 days' where id = '00000000-0000-0000-0003-000000000007';
select pg_temp.happened('00000000-0000-0000-0002-000000000012', now() - interval '63 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b3');
update app.deliverables set status = 'approved', feedback = 'Excellent, very thorough review.'
  where id = '00000000-0000-0000-0003-000000000007';
select pg_temp.happened('00000000-0000-0000-0002-000000000012', now() - interval '61 days');
update app.escrows set released_at = now() - interval '61 days' where id = '00000000-0000-0000-0006-000000000012';

-- TrailPeak hires Mateo for "Winter Jacket Stories" ($200.00, campaign 8): funded, stories from Patagonia,
-- and TrailPeak lets the 72-hour review window run out: the platform approves them and releases the
-- escrow ($170.00 to Mateo). Escrow 00000000-0000-0000-0006-000000000013.
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b2');
update app.applications set status = 'accepted' where id = '00000000-0000-0000-0002-000000000013';
update app.escrows set id = '00000000-0000-0000-0006-000000000013', created_at = now() - interval '66 days'
  where application_id = '00000000-0000-0000-0002-000000000013';
select pg_temp.happened('00000000-0000-0000-0002-000000000013', now() - interval '66 days');
insert into app.payments (id, escrow_id, amount_cents, status, payment_method, stripe_payment_id, payment_date, created_at)
values ('00000000-0000-0000-0005-000000000004', '00000000-0000-0000-0006-000000000013', 20000, 'completed', 'card', 'pi_demo_0004',
  now() - interval '65 days', now() - interval '65 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c02');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000008', '00000000-0000-0000-0002-000000000013', 'https://www.instagram.com/stories/mateo.viaja/123456/',
  'pending', now() - interval '50 days', now() - interval '50 days');
update app.deliverables set review_due_at = now() - interval '47 days' where id = '00000000-0000-0000-0003-000000000008';
select pg_temp.act_as(null);
select app.auto_approve_due(now() - interval '47 days');
select pg_temp.happened('00000000-0000-0000-0002-000000000013', now() - interval '47 days');
update app.escrows set released_at = now() - interval '47 days' where id = '00000000-0000-0000-0006-000000000013';

-- TrailPeak hires Lucía for the "Andes Trail Backpack Test" ($800.00, campaign 6): funded, a video that
-- TrailPeak says was shot on a day walk in a city park, not the multi-day hike the brief asks for. TrailPeak
-- opens a dispute and Lucía answers in its thread; the $800.00 stays in escrow, frozen, and waits in the
-- admins' dispute queue. Escrow 00000000-0000-0000-0006-000000000017.
insert into app.applications (id, campaign_id, creator_id, pitch, status, created_at, updated_at)
values ('00000000-0000-0000-0002-000000000017', '00000000-0000-0000-0001-000000000006', '00000000-0000-0000-0000-000000000c06',
  'Hago rutas de varios días en la sierra de Córdoba y las grabo en 4K: la mochila iría conmigo a la próxima.', 'pending',
  now() - interval '11 days 22 hours', now() - interval '11 days 22 hours');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b2');
update app.applications set status = 'accepted' where id = '00000000-0000-0000-0002-000000000017';
update app.escrows set id = '00000000-0000-0000-0006-000000000017', created_at = now() - interval '11 days 10 hours'
  where application_id = '00000000-0000-0000-0002-000000000017';
select pg_temp.happened('00000000-0000-0000-0002-000000000017', now() - interval '11 days 10 hours');
insert into app.payments (id, escrow_id, amount_cents, status, payment_method, stripe_payment_id, payment_date, created_at)
values ('00000000-0000-0000-0005-000000000017', '00000000-0000-0000-0006-000000000017', 80000, 'completed', 'card', 'pi_demo_0017',
  now() - interval '11 days 9 hours', now() - interval '11 days 9 hours');
update app.escrows set funded_at = now() - interval '11 days 9 hours' where id = '00000000-0000-0000-0006-000000000017';
select pg_temp.happened('00000000-0000-0000-0002-000000000017', now() - interval '11 days 9 hours');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c06');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000017', '00000000-0000-0000-0002-000000000017', 'https://www.youtube.com/watch?v=luciaSierra01',
  'pending', now() - interval '4 days', now() - interval '4 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b2');
select api.open_dispute('00000000-0000-0000-0002-000000000017', 'not_as_agreed',
  'The brief asks for a multi-day hike with at least one camp scene. This video is a two-hour walk in a city park and the pack is never loaded or opened.',
  array['https://www.youtube.com/watch?v=luciaSierra01', 'https://trailpeak.test/briefs/andes-backpack.pdf']);
select pg_temp.act_as('00000000-0000-0000-0000-000000000c06');
select api.post_dispute_message(d.id,
  'Es la primera jornada de una ruta de tres días por las Sierras Chicas; el campamento está en la segunda parte, que edito esta semana. Puedo mandar el enlace cuando esté lista.')
  from app.disputes d where d.application_id = '00000000-0000-0000-0002-000000000017';
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b2');
select api.post_dispute_message(d.id,
  'The brief and our chat said one video with the whole hike. A second part was never agreed, and the deadline is close.')
  from app.disputes d where d.application_id = '00000000-0000-0000-0002-000000000017';
select pg_temp.act_as(null);
update app.disputes set created_at = now() - interval '2 days 20 hours', updated_at = now() - interval '2 days 20 hours'
  where application_id = '00000000-0000-0000-0002-000000000017';
update app.dispute_messages m set created_at = now() - case when m.author_id = '00000000-0000-0000-0000-000000000c06'
    then interval '2 days 6 hours' else interval '1 day 18 hours' end
  from app.disputes d where d.id = m.dispute_id and d.application_id = '00000000-0000-0000-0002-000000000017';
-- (The content kept its own time: a row written with its time stamps its round and history with it.)
select pg_temp.happened('00000000-0000-0000-0002-000000000017', now() - interval '2 days 20 hours');

-- GlowLab and Sofía, before escrow: the lip tint reel (performance, paid directly) and the serum video
-- (approved and paid directly), then the reel version the brand asked for, awaiting review. Deliverable 4
-- is created already approved, as content from before the revision rounds was: its round shows no decision.
insert into app.deliverables (id, application_id, content_url, status, feedback, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000004', '00000000-0000-0000-0002-000000000007', 'https://www.instagram.com/reel/CxLipTint06/',
  'approved', 'Perfect, all six shades shown.', now() - interval '16 days', now() - interval '12 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c01');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000001', '00000000-0000-0000-0002-000000000001', 'https://www.tiktok.com/@sofiarios/video/7301234567890',
  'pending', now() - interval '15 days', now() - interval '15 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b1');
update app.deliverables set status = 'approved', feedback = 'Great energy and lighting, thank you!'
  where id = '00000000-0000-0000-0003-000000000001';
select pg_temp.happened('00000000-0000-0000-0002-000000000001', now() - interval '13 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c01');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000002', '00000000-0000-0000-0002-000000000001', 'https://www.instagram.com/reel/CzSofiaGlow1/',
  'pending', now() - interval '12 days', now() - interval '12 days');
insert into app.payments (id, deliverable_id, amount_cents, status, payment_method, stripe_payment_id, payment_date, created_at)
values
  ('00000000-0000-0000-0005-000000000002', '00000000-0000-0000-0003-000000000004', 15000, 'completed', 'card', 'pi_demo_0002', now() - interval '11 days', now() - interval '11 days'),
  ('00000000-0000-0000-0005-000000000001', '00000000-0000-0000-0003-000000000001', 50000, 'completed', 'card', 'pi_demo_0001', now() - interval '8 days', now() - interval '8 days');

-- TrailPeak and Mateo, "Andes Trail Backpack Test" (before escrow): two rounds of changes, the included two
-- revision rounds are used up, and the third cut (with the camp scene) waits for TrailPeak's decision.
select pg_temp.act_as('00000000-0000-0000-0000-000000000c02');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000003', '00000000-0000-0000-0002-000000000004', 'https://www.youtube.com/watch?v=andesTrail00',
  'submitted', now() - interval '7 days', now() - interval '7 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b2');
update app.deliverables set status = 'changes_requested',
  feedback = 'Great footage from the trail! Please show the hip-belt pockets and the rain cover in use: those are the two features we are launching.'
  where id = '00000000-0000-0000-0003-000000000003';
select pg_temp.happened('00000000-0000-0000-0002-000000000004', now() - interval '6 days 12 hours');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c02');
update app.deliverables set status = 'submitted',
  note = 'Agregué dos tomas: los bolsillos del cinturón en el minuto 2:10 y la funda de lluvia en el 4:35.'
  where id = '00000000-0000-0000-0003-000000000003';
select pg_temp.happened('00000000-0000-0000-0002-000000000004', now() - interval '5 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b2');
update app.deliverables set status = 'changes_requested',
  feedback = 'Almost there! The brief asks for at least one camp scene: could you add a short clip of the pack at the campsite?'
  where id = '00000000-0000-0000-0003-000000000003';
select pg_temp.happened('00000000-0000-0000-0002-000000000004', now() - interval '4 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c02');
update app.deliverables set status = 'submitted', content_url = 'https://www.youtube.com/watch?v=andesTrail01',
  note = 'Nueva versión con la escena del campamento en Wayllabamba (minuto 6:20).'
  where id = '00000000-0000-0000-0003-000000000003';
select pg_temp.happened('00000000-0000-0000-0002-000000000004', now() - interval '1 day 12 hours');

-- ByteBrew and Diego, "Late Night Coding Coffee" (before escrow): changes requested (say the cold brew
-- concentrate by name), a second cut that still does not, and ByteBrew rejects it.
select pg_temp.act_as('00000000-0000-0000-0000-000000000c05');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000005', '00000000-0000-0000-0002-000000000009', 'https://www.tiktok.com/@diegotech/video/7309876500001',
  'pending', now() - interval '5 days', now() - interval '5 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b3');
update app.deliverables set status = 'changes_requested',
  feedback = 'Love the desk setup! The brief asks you to mention our cold brew concentrate: please say it by name and show the bottle.'
  where id = '00000000-0000-0000-0003-000000000005';
select pg_temp.happened('00000000-0000-0000-0002-000000000009', now() - interval '4 days 12 hours');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c05');
update app.deliverables set status = 'pending', content_url = 'https://www.tiktok.com/@diegotech/video/7309876543210',
  note = 'Nueva versión: la botella aparece en el escritorio durante todo el video.'
  where id = '00000000-0000-0000-0003-000000000005';
select pg_temp.happened('00000000-0000-0000-0002-000000000009', now() - interval '3 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b3');
update app.deliverables set status = 'rejected', feedback = 'Please mention the cold brew concentrate by name.'
  where id = '00000000-0000-0000-0003-000000000005';
select pg_temp.happened('00000000-0000-0000-0002-000000000009', now() - interval '2 days');

-- ByteBrew and Camila, "Café de especialidad: receta" (before escrow): changes requested, and the second
-- round is back with ByteBrew, awaiting review.
select pg_temp.act_as('00000000-0000-0000-0000-000000000c04');
insert into app.deliverables (id, application_id, content_url, status, created_at, updated_at)
values ('00000000-0000-0000-0003-000000000006', '00000000-0000-0000-0002-000000000011', 'https://www.instagram.com/reel/CyCafeDulce0/',
  'pending', now() - interval '3 days', now() - interval '3 days');
select pg_temp.act_as('00000000-0000-0000-0000-0000000000b3');
update app.deliverables set status = 'changes_requested',
  feedback = 'Looks delicious! Please show the ByteBrew bag in the first seconds and say which of our beans you used.'
  where id = '00000000-0000-0000-0003-000000000006';
select pg_temp.happened('00000000-0000-0000-0002-000000000011', now() - interval '2 days');
select pg_temp.act_as('00000000-0000-0000-0000-000000000c04');
update app.deliverables set status = 'pending', content_url = 'https://www.instagram.com/reel/CyCafeDulce/',
  note = 'Listo: la bolsa de ByteBrew aparece al inicio y cuento que usé el blend Night Owl.'
  where id = '00000000-0000-0000-0003-000000000006';
select pg_temp.happened('00000000-0000-0000-0002-000000000011', now() - interval '1 day');

-- Reviews (ids 00000000-0000-0000-0008-…). Diego and ByteBrew reviewed each other, Mateo and TrailPeak too
-- (each pair published at its second review); an admin hid TrailPeak's, which shares a phone number.
-- Written as the seed (no signed-in user), so the rows keep the times given here.
select pg_temp.act_as(null);
insert into app.reviews (id, application_id, reviewer_id, reviewer_role, rating, body, reveal_at, created_at)
values ('00000000-0000-0000-0008-000000000001', '00000000-0000-0000-0002-000000000012', '00000000-0000-0000-0000-000000000c05', 'creator', 4,
  'Brief claro y el pago quedó asegurado desde el primer día. Pidieron una ronda de cambios para llegar a los 10 minutos del brief, y era justo. El café, buenísimo.',
  now(), now() - interval '58 days');
insert into app.reviews (id, application_id, reviewer_id, reviewer_role, rating, body, reveal_at, created_at)
values ('00000000-0000-0000-0008-000000000004', '00000000-0000-0000-0002-000000000012', '00000000-0000-0000-0000-0000000000b3', 'brand', 5,
  'Diego took our feedback in stride and came back with an 11-minute review our customers still quote. Clear audio, honest verdicts, on time.',
  now(), now() - interval '57 days');
update app.reviews set published_at = now() - interval '57 days' where application_id = '00000000-0000-0000-0002-000000000012';
insert into app.reviews (id, application_id, reviewer_id, reviewer_role, rating, body, reveal_at, created_at)
values ('00000000-0000-0000-0008-000000000002', '00000000-0000-0000-0002-000000000013', '00000000-0000-0000-0000-0000000000b2', 'brand', 5,
  'Mateo nailed it: snow, wind and a jacket that stayed dry in every shot. For your next shoot, skip the platform and WhatsApp him at +51 984 555 012.',
  now(), now() - interval '45 days');
insert into app.reviews (id, application_id, reviewer_id, reviewer_role, rating, body, reveal_at, created_at)
values ('00000000-0000-0000-0008-000000000003', '00000000-0000-0000-0002-000000000013', '00000000-0000-0000-0000-000000000c02', 'creator', 5,
  'La chaqueta aguantó el viento de la Patagonia y la marca respondió rápido a todo. El pago llegó solo, sin reclamar nada. ¡Recomendada!',
  now(), now() - interval '44 days');
update app.reviews set published_at = now() - interval '44 days' where application_id = '00000000-0000-0000-0002-000000000013';
select pg_temp.act_as('00000000-0000-0000-0000-000000000001');
select app.hide_review('00000000-0000-0000-0008-000000000002', 'Shares a phone number to take the work off the platform.');
update app.reviews set hidden_at = now() - interval '43 days' where id = '00000000-0000-0000-0008-000000000002';
select pg_temp.act_as(null);

-- Tax forms (issue 36, decision 0044): every creator signed a W-8BEN in the app before their first payout,
-- each with their country's identifying number, except Camila: once her bank is fixed, her payouts wait for
-- her form (admins see her among the forms needing attention). Valentina claims the US-Mexico treaty.
create function pg_temp.sign_w8ben(creator_id uuid, fields jsonb, signed_on date) returns void language plpgsql as $$
begin
  perform pg_temp.act_as(creator_id);
  perform api.tax_form_submit(fields || jsonb_build_object('form_type', 'w8ben', 'signer_name', fields ->> 'legal_name',
    'citizenship_country', fields ->> 'address_country', 'perjury_accepted', true));
  perform pg_temp.act_as(null);
  update app.tax_forms f set signed_on = sign_w8ben.signed_on, created_at = sign_w8ben.signed_on + time '10:30',
    expires_on = make_date(extract(year from sign_w8ben.signed_on)::integer + 3, 12, 31)
  where f.creator_id = sign_w8ben.creator_id and f.superseded_at is null;
end;
$$;
select pg_temp.sign_w8ben(c.id, c.fields::jsonb, (now() - c.ago)::date) from (values
  ('00000000-0000-0000-0000-000000000c01'::uuid, interval '110 days', '{"legal_name": "Sofía Ríos", "date_of_birth": "1996-04-12", "address_street": "Carrera 7 # 72-41, Apto 502", "address_city": "Bogotá D.C. 110231", "address_country": "CO", "tin_kind": "nit", "tin": "1020304050-8"}'),
  ('00000000-0000-0000-0000-000000000c02', interval '70 days', '{"legal_name": "Mateo Fernández", "date_of_birth": "1992-09-30", "address_street": "Av. El Sol 512", "address_city": "Cusco 08002", "address_country": "PE", "tin_kind": "ruc", "tin": "10468794379"}'),
  ('00000000-0000-0000-0000-000000000c03', interval '21 days', '{"legal_name": "Valentina Gómez", "date_of_birth": "1995-03-14", "address_street": "Calle Durango 214, Roma Norte", "address_city": "Ciudad de México, CDMX 06700", "address_country": "MX", "tin_kind": "rfc", "tin": "GOGV950314K24", "treaty_country": "MX", "treaty_article": "14", "treaty_rate_bps": 0, "treaty_income_type": "Independent personal services"}'),
  ('00000000-0000-0000-0000-000000000c05', interval '97 days', '{"legal_name": "Diego Martínez", "date_of_birth": "1990-11-02", "address_street": "Av. Providencia 1208, Depto 33", "address_city": "Providencia, Santiago 7500000", "address_country": "CL", "tin_kind": "rut", "tin": "16.543.210-K"}'),
  ('00000000-0000-0000-0000-000000000c06', interval '60 days', '{"legal_name": "Lucía Castillo", "date_of_birth": "1994-06-21", "address_street": "Av. Corrientes 1847, 5B", "address_city": "Buenos Aires C1045", "address_country": "AR", "tin_kind": "cuit", "tin": "27-38291045-7"}'),
  ('00000000-0000-0000-0000-000000000c07', interval '55 days', '{"legal_name": "Andrés Morales", "date_of_birth": "1993-01-17", "address_street": "Calle 10 # 43-12", "address_city": "Medellín 050021", "address_country": "CO", "tin_kind": "nit", "tin": "1032456781-9"}'),
  ('00000000-0000-0000-0000-000000000c08', interval '50 days', '{"legal_name": "Isabella Torres", "date_of_birth": "1998-08-08", "address_street": "Rua Augusta 1500, ap. 41", "address_city": "São Paulo SP 01304-001", "address_country": "BR", "tin_kind": "cpf", "tin": "987.654.321-00"}'),
  ('00000000-0000-0000-0000-000000000c09', interval '45 days', '{"legal_name": "Santiago López", "date_of_birth": "1991-12-03", "address_street": "Los Leones 220, Depto 71", "address_city": "Providencia, Santiago 7500000", "address_country": "CL", "tin_kind": "rut", "tin": "17.234.567-0"}'),
  ('00000000-0000-0000-0000-000000000c10', interval '40 days', '{"legal_name": "Gabriela Ruiz", "date_of_birth": "1997-05-26", "address_street": "Jr. de la Unión 845", "address_city": "Lima 15001", "address_country": "PE", "tin_kind": "ruc", "tin": "10723456784"}'),
  ('00000000-0000-0000-0000-000000000c11', interval '35 days', '{"legal_name": "Nicolás Vargas", "date_of_birth": "1993-07-05", "address_street": "Av. Chapultepec 480", "address_city": "Guadalajara, Jal. 44600", "address_country": "MX", "tin_kind": "rfc", "tin": "VANN930705Q76"}'),
  ('00000000-0000-0000-0000-000000000c12', interval '30 days', '{"legal_name": "Daniela Pérez", "date_of_birth": "1999-02-14", "address_street": "Rua da Aurora 300", "address_city": "Recife PE 50050-000", "address_country": "BR", "tin_kind": "cpf", "tin": "456.123.789-55"}')
) c (id, ago, fields);

-- Payout accounts (Stripe recipients; bank numbers stay at Stripe) and the scheduled payouts of the two
-- released hires: each paid the creator's whole available balance. Valentina started onboarding; Camila's
-- bank stopped accepting payouts, so her account needs attention. (The local stack's Stripe double holds
-- these accounts, the OutboundPayments and the PaymentIntents above from its start: local/bootstrap/seed-stripe.ts.)
select api.payout_account_save('00000000-0000-0000-0000-000000000c05', 'CL', 'acct_1SeedDiegoCL');
select api.payout_account_record('acct_1SeedDiegoCL', true, 'Banco de Chile •••• 1234');
select payout_id from app.payout_begin('00000000-0000-0000-0000-000000000c05', 'schedule');
select app.payout_record(p.id, 'obp_test_SeedDiegoCL1', 'paid') from app.payouts p
  where p.creator_id = '00000000-0000-0000-0000-000000000c05' and p.status = 'pending';
update app.payout_accounts set created_at = now() - interval '96 days' where creator_id = '00000000-0000-0000-0000-000000000c05';
update app.payouts set created_at = now() - interval '60 days', paid_at = now() - interval '59 days'
  where creator_id = '00000000-0000-0000-0000-000000000c05';
select api.payout_account_save('00000000-0000-0000-0000-000000000c02', 'PE', 'acct_1SeedMateoPE');
select api.payout_account_record('acct_1SeedMateoPE', true, 'BCP •••• 4821');
select payout_id from app.payout_begin('00000000-0000-0000-0000-000000000c02', 'schedule');
select app.payout_record(p.id, 'obp_test_SeedMateoPE1', 'paid') from app.payouts p
  where p.creator_id = '00000000-0000-0000-0000-000000000c02' and p.status = 'pending';
update app.payout_accounts set created_at = now() - interval '67 days' where creator_id = '00000000-0000-0000-0000-000000000c02';
update app.payouts set created_at = now() - interval '46 days', paid_at = now() - interval '45 days'
  where creator_id = '00000000-0000-0000-0000-000000000c02';
select api.payout_account_save('00000000-0000-0000-0000-000000000c03', 'MX', 'acct_1SeedValentinaMX');
update app.payout_accounts set created_at = now() - interval '20 days' where creator_id = '00000000-0000-0000-0000-000000000c03';
select api.payout_account_save('00000000-0000-0000-0000-000000000c04', 'AR', 'acct_1SeedCamilaAR');
select api.payout_account_record('acct_1SeedCamilaAR', true, 'Banco Galicia •••• 7731');
select api.payout_account_record('acct_1SeedCamilaAR', false);
update app.payout_accounts set created_at = now() - interval '4 days 8 hours' where creator_id = '00000000-0000-0000-0000-000000000c04';
-- The holders' names as Stripe verified them, and the seeded forms matched to them (decision 0051): the
-- demo's forms were signed by their account holders, so none is flagged for a name admins cannot check.
update app.payout_accounts a set holder_name = p.full_name from app.profiles p where p.id = a.creator_id;
update app.tax_forms set name_check = 'matched' where superseded_at is null;

-- When things happened. Profiles carry their user's sign-up time (the sign-up trigger stamped now()), and
-- the rows the steps above changed get their own times back; the updated_at triggers would stamp now()
-- again, so they are off for these corrections only.
alter table app.profiles disable trigger profiles_set_updated_at;
alter table app.brand_profiles disable trigger brand_profiles_set_updated_at;
alter table app.creator_profiles disable trigger creator_profiles_set_updated_at;
alter table app.campaigns disable trigger campaigns_set_updated_at;
alter table app.applications disable trigger applications_set_updated_at;
alter table app.deliverables disable trigger deliverables_set_updated_at;
alter table app.payments disable trigger payments_set_updated_at;
alter table app.escrows disable trigger escrows_set_updated_at;
alter table app.payout_accounts disable trigger payout_accounts_set_updated_at;
alter table app.payouts disable trigger payouts_set_updated_at;

update app.profiles p set created_at = u.created_at, updated_at = u.created_at
  from auth.users u where u.id = p.id and u.email like '%@demo.test';
update app.brand_profiles b set created_at = u.created_at, updated_at = u.created_at
  from auth.users u where u.id = b.user_id and u.email like '%@demo.test';
update app.creator_profiles c set created_at = u.created_at, updated_at = u.created_at
  from auth.users u where u.id = c.user_id and u.email like '%@demo.test';
-- Campaigns changed when they were paused or completed; the others not since they were created.
update app.campaigns set updated_at = created_at + case id
    when '00000000-0000-0000-0001-000000000014' then interval '45 days'
    when '00000000-0000-0000-0001-000000000008' then interval '26 days'
    when '00000000-0000-0000-0001-000000000004' then interval '86 days'
    when '00000000-0000-0000-0001-000000000003' then interval '15 days'
    when '00000000-0000-0000-0001-000000000009' then interval '10 days'
    else interval '0 days' end
  where id::text like '00000000-0000-0000-0001-%';
update app.applications set updated_at = now() - interval '95 days' where id = '00000000-0000-0000-0002-000000000012';
update app.applications set updated_at = now() - interval '66 days' where id = '00000000-0000-0000-0002-000000000013';
update app.applications set updated_at = now() - interval '11 days 10 hours' where id = '00000000-0000-0000-0002-000000000017';
update app.deliverables set updated_at = case id
    when '00000000-0000-0000-0003-000000000001' then now() - interval '13 days'
    when '00000000-0000-0000-0003-000000000003' then now() - interval '1 day 12 hours'
    when '00000000-0000-0000-0003-000000000005' then now() - interval '2 days'
    when '00000000-0000-0000-0003-000000000006' then now() - interval '1 day'
    when '00000000-0000-0000-0003-000000000007' then now() - interval '61 days'
    when '00000000-0000-0000-0003-000000000008' then now() - interval '47 days'
    when '00000000-0000-0000-0003-000000000017' then now() - interval '2 days 20 hours'
    else updated_at end
  where id::text like '00000000-0000-0000-0003-%';
update app.payments set updated_at = coalesce(payment_date, created_at) where id::text like '00000000-0000-0000-0005-%';
-- The disputed hire last changed when the dispute froze it.
update app.escrows set updated_at = coalesce(released_at, now() - interval '2 days 20 hours') where id::text like '00000000-0000-0000-0006-%';
update app.payout_accounts set updated_at = case status when 'needs_attention' then now() - interval '3 days 20 hours' else created_at end
  where creator_id in (select id from app.profiles where email like '%@demo.test');
update app.payouts set updated_at = paid_at
  where creator_id in (select id from app.profiles where email like '%@demo.test');

alter table app.profiles enable trigger profiles_set_updated_at;
alter table app.brand_profiles enable trigger brand_profiles_set_updated_at;
alter table app.creator_profiles enable trigger creator_profiles_set_updated_at;
alter table app.campaigns enable trigger campaigns_set_updated_at;
alter table app.applications enable trigger applications_set_updated_at;
alter table app.deliverables enable trigger deliverables_set_updated_at;
alter table app.payments enable trigger payments_set_updated_at;
alter table app.escrows enable trigger escrows_set_updated_at;
alter table app.payout_accounts enable trigger payout_accounts_set_updated_at;
alter table app.payouts enable trigger payouts_set_updated_at;

-- Notifications (issue 18). The triggers wrote them at the seed's own moment, before the steps above got
-- their times back: they are replayed from the history as it now reads, with the payouts paid and the
-- conversations' unread bursts; what is more than two days old has been read.
-- ByteBrew reads its messages once a day (a digest), so its unread bursts are not emailed one by one.
insert into app.email_preferences (user_id, messages) values ('00000000-0000-0000-0000-0000000000b3', 'daily');
delete from app.email_outbox;
delete from app.notifications;
select app.notify_for_event(e) from app.application_events e order by e.created_at, e.id;
-- A dispute's thread tells its other parties (issue 32): replayed like the history.
select app.notify_dispute_message(m) from app.dispute_messages m order by m.created_at, m.id;
insert into app.notifications (user_id, kind, data, created_at)
select p.creator_id, 'payout_paid', jsonb_build_object('amount_cents', p.amount_cents), p.paid_at
from app.payouts p where p.status = 'paid' and p.creator_id in (select id from app.profiles where email like '%@demo.test');
select app.notify_unread_messages(now());
update app.notifications set read_at = created_at + interval '3 hours' where created_at < now() - interval '2 days';
-- Their emails went out when they happened (the replay queued them now): nothing of the story is resent.
update app.email_outbox o set status = 'sent', attempts = 1, created_at = n.created_at, next_attempt_at = n.created_at,
  sent_at = n.created_at + interval '1 minute'
from app.notifications n where n.id = o.notification_id;

-- Charts (issue 20): the ledger was written at the seed's own moment, while the steps above happened weeks
-- and months ago; its lines move to when each movement happened (the card payment, the release, the
-- payout), so money per month reads as the story tells it. The ledger is append-only for every role, so
-- its guards are off for this correction only (after its balance checks, deferred to the commit, have run:
-- a table with pending trigger events cannot be altered).
set constraints app.ledger_entries_balanced immediate;
alter table app.ledger_transactions disable trigger ledger_transactions_append_only;
alter table app.ledger_entries disable trigger ledger_entries_append_only;
update app.ledger_transactions t set created_at = coalesce(case
    when t.kind in ('escrow_funding', 'direct_payment') then (select coalesce(p.payment_date, p.created_at) from app.payments p where p.id = t.payment_id)
    when t.kind = 'release' then (select e.released_at from app.escrows e where e.id = t.escrow_id)
    when t.kind = 'payout' then (select po.created_at from app.payouts po where po.id = t.payout_id)
    when t.kind = 'payout_paid' then (select po.paid_at from app.payouts po where po.id = t.payout_id)
  end, t.created_at);
update app.ledger_entries le set created_at = t.created_at
  from app.ledger_transactions t where t.id = le.transaction_id and le.created_at <> t.created_at;
alter table app.ledger_transactions enable trigger ledger_transactions_append_only;
alter table app.ledger_entries enable trigger ledger_entries_append_only;
set constraints app.ledger_entries_balanced deferred;

-- Verified reach (issue 35 item 3, decision 0054): five creators connected accounts, so Discover, the
-- profiles and the applicants show verified counts (dated) beside the self-reported ones of the others.
-- Mateo's YouTube needs reconnecting: its last count stays, dated twelve days ago, outside his reach.
-- Santiago's YouTube hides its subscriber count (followers null). No tokens: display needs none.
insert into app.social_accounts (creator_id, platform, platform_user_id, handle, display_name, profile_url, followers,
  followers_as_of, status, connected_at, last_refresh_at) values
  ('00000000-0000-0000-0000-000000000c01', 'instagram', '17841400000000c01', 'sofia.rios', 'Sofía Ríos', 'https://www.instagram.com/sofia.rios',
   51340, now() - interval '5 hours', 'connected', now() - interval '40 days', now() - interval '5 hours'),
  ('00000000-0000-0000-0000-000000000c01', 'tiktok', '-000AbCdEfGhc01SofiaRios', 'sofiarios', 'Sofía Ríos', 'https://www.tiktok.com/@sofiarios',
   23910, now() - interval '3 hours', 'connected', now() - interval '40 days', now() - interval '3 hours'),
  ('00000000-0000-0000-0000-000000000c02', 'instagram', '17841400000000c02', 'mateo.viaja', 'Mateo Fernández', 'https://www.instagram.com/mateo.viaja',
   61200, now() - interval '9 hours', 'connected', now() - interval '60 days', now() - interval '9 hours'),
  ('00000000-0000-0000-0000-000000000c02', 'youtube', 'UCmateoViaja00000000c02', 'MateoViaja', 'Mateo Viaja', 'https://www.youtube.com/@MateoViaja',
   18450, now() - interval '12 days', 'reconnect_needed', now() - interval '60 days', now() - interval '11 days'),
  ('00000000-0000-0000-0000-000000000c05', 'tiktok', '-000AbCdEfGhc05DiegoTech', 'diegotech', 'Diego Martínez', 'https://www.tiktok.com/@diegotech',
   58760, now() - interval '14 hours', 'connected', now() - interval '20 days', now() - interval '14 hours'),
  ('00000000-0000-0000-0000-000000000c07', 'instagram', '17841400000000c07', 'andres_vlogs', 'Andrés Morales', 'https://www.instagram.com/andres_vlogs',
   97800, now() - interval '2 hours', 'connected', now() - interval '90 days', now() - interval '2 hours'),
  ('00000000-0000-0000-0000-000000000c07', 'tiktok', '-000AbCdEfGhc07AndresVl', 'andresvlogs', 'Andrés Morales', 'https://www.tiktok.com/@andresvlogs',
   141300, now() - interval '7 hours', 'connected', now() - interval '90 days', now() - interval '7 hours'),
  ('00000000-0000-0000-0000-000000000c09', 'youtube', 'UCsantiRuns000000000c09', 'SantiRuns', 'Santi Runs', 'https://www.youtube.com/@SantiRuns',
   null, now() - interval '6 hours', 'connected', now() - interval '10 days', now() - interval '6 hours');
