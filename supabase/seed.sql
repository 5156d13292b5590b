-- Demo data for local development and tests. Every account's password is `password123`.
-- admin@demo.test (admin), brand@demo.test (brand), creator@demo.test (creator), two more US brands and
-- eleven more creators from Latin America. Fixed ids so tests can refer to them:
--   users     00000000-0000-0000-0000-000000000001 (admin), ...0000000000b1-b3 (brands), ...000000000c01-c12 (creators)
--   campaigns 00000000-0000-0000-0001-0000000000NN, applications ...-0002-..., deliverables ...-0003-...,
--   messages  ...-0004-..., payments ...-0005-...
-- Users are inserted into auth.users, each with its email identity in auth.identities; the sign-up trigger
-- creates their profiles (role from app_metadata).

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
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '114 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "vale_fit", "full_name": "Valentina Gómez", "instagram_handle": "vale_fit", "tiktok_handle": "valefit"}'::jsonb, now() - interval '114 days', now() - interval '114 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c04', 'authenticated', 'authenticated', 'camila@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '113 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "cami.cocina", "full_name": "Camila Herrera", "tiktok_handle": "camicocina", "youtube_handle": "CamiCocina"}'::jsonb, now() - interval '113 days', now() - interval '113 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c05', 'authenticated', 'authenticated', 'diego@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '112 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "diegotech", "full_name": "Diego Martínez", "instagram_handle": "diegotech", "tiktok_handle": "diegotech", "youtube_handle": "DiegoTechCL"}'::jsonb, now() - interval '112 days', now() - interval '112 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c06', 'authenticated', 'authenticated', 'lucia@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '111 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "lucia.moda", "full_name": "Lucía Castillo", "instagram_handle": "lucia.moda"}'::jsonb, now() - interval '111 days', now() - interval '111 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c07', 'authenticated', 'authenticated', 'andres@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '110 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "andres_vlogs", "full_name": "Andrés Morales", "instagram_handle": "andres_vlogs", "tiktok_handle": "andresvlogs", "youtube_handle": "AndresVlogs"}'::jsonb, now() - interval '110 days', now() - interval '110 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c08', 'authenticated', 'authenticated', 'isabella@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '109 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "isa.beauty", "full_name": "Isabella Torres", "instagram_handle": "isa.beauty", "tiktok_handle": "isabeauty"}'::jsonb, now() - interval '109 days', now() - interval '109 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c09', 'authenticated', 'authenticated', 'santiago@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '108 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "santi.runs", "full_name": "Santiago López", "tiktok_handle": "santiruns", "youtube_handle": "SantiRuns"}'::jsonb, now() - interval '108 days', now() - interval '108 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c10', 'authenticated', 'authenticated', 'gabriela@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '107 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "gabi.viajera", "full_name": "Gabriela Ruiz", "instagram_handle": "gabi.viajera", "tiktok_handle": "gabiviajera", "youtube_handle": "GabiViajera"}'::jsonb, now() - interval '107 days', now() - interval '107 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c11', 'authenticated', 'authenticated', 'nicolas@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '106 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "nico.gamer", "full_name": "Nicolás Vargas", "tiktok_handle": "nicogamer", "youtube_handle": "NicoGamerEC"}'::jsonb, now() - interval '106 days', now() - interval '106 days', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000c12', 'authenticated', 'authenticated', 'daniela@demo.test',
   '$2a$10$4FoPZxfdIomlQm8LA/E7oOIMWu2ImbmCigane5udJYaWHkBmNpE2G', now() - interval '105 days', '{"provider": "email", "providers": ["email"]}'::jsonb,
   '{"username": "dani.estilo", "full_name": "Daniela Pérez", "instagram_handle": "dani.estilo"}'::jsonb, now() - interval '105 days', now() - interval '105 days', '', '', '', '');

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

insert into app.applications (id, campaign_id, creator_id, pitch, status, created_at, updated_at)
values
  ('00000000-0000-0000-0002-000000000001', '00000000-0000-0000-0001-000000000001', '00000000-0000-0000-0000-000000000c01',
   'Hago rutinas de skincare todas las mañanas con luz natural; mi audiencia confía en mis reseñas honestas.', 'accepted', now() - interval '19 days', now() - interval '9 days'),
  ('00000000-0000-0000-0002-000000000002', '00000000-0000-0000-0001-000000000002', '00000000-0000-0000-0000-000000000c01',
   'Vivo en Bogotá y uso protector solar a diario. Puedo hacer una prueba de 8 horas completa en video.', 'pending', now() - interval '18 days', now() - interval '8 days'),
  ('00000000-0000-0000-0002-000000000003', '00000000-0000-0000-0001-000000000006', '00000000-0000-0000-0000-000000000c01',
   'Me encantaría probar la mochila en una caminata por los cerros orientales.', 'rejected', now() - interval '17 days', now() - interval '7 days'),
  ('00000000-0000-0000-0002-000000000004', '00000000-0000-0000-0001-000000000006', '00000000-0000-0000-0000-000000000c02',
   'Hago trekking en los Andes cada mes: puedo llevar la mochila al Camino Inca en mi próxima ruta.', 'accepted', now() - interval '16 days', now() - interval '6 days'),
  ('00000000-0000-0000-0002-000000000005', '00000000-0000-0000-0001-000000000007', '00000000-0000-0000-0000-000000000c10',
   'Acampo en playas de Guanacaste con frecuencia; mi comunidad ama el contenido outdoor.', 'pending', now() - interval '15 days', now() - interval '5 days'),
  ('00000000-0000-0000-0002-000000000006', '00000000-0000-0000-0001-000000000001', '00000000-0000-0000-0000-000000000c08',
   'Mis tutoriales para principiantes son perfectos para mostrar un sérum fácil de usar.', 'pending', now() - interval '14 days', now() - interval '4 days'),
  ('00000000-0000-0000-0002-000000000007', '00000000-0000-0000-0001-000000000004', '00000000-0000-0000-0000-000000000c01',
   'Tengo experiencia con reels de maquillaje y pruebas de tonos.', 'accepted', now() - interval '13 days', now() - interval '3 days'),
  ('00000000-0000-0000-0002-000000000008', '00000000-0000-0000-0001-000000000004', '00000000-0000-0000-0000-000000000c08',
   'Me gustaría probar todos los tonos en un reel divertido.', 'rejected', now() - interval '12 days', now() - interval '2 days'),
  ('00000000-0000-0000-0002-000000000009', '00000000-0000-0000-0001-000000000011', '00000000-0000-0000-0000-000000000c05',
   'Mi setup nocturno es parte de cada video: el café es clave en mis reseñas de tech.', 'accepted', now() - interval '11 days', now() - interval '1 days'),
  ('00000000-0000-0000-0002-000000000010', '00000000-0000-0000-0001-000000000011', '00000000-0000-0000-0000-000000000c11',
   'Transmito en vivo de noche tres veces por semana; el café aparece en cada stream.', 'pending', now() - interval '20 days', now() - interval '10 days'),
  ('00000000-0000-0000-0002-000000000011', '00000000-0000-0000-0001-000000000012', '00000000-0000-0000-0000-000000000c04',
   'Puedo crear un café con dulce de leche al estilo argentino para un reel.', 'accepted', now() - interval '19 days', now() - interval '9 days'),
  ('00000000-0000-0000-0002-000000000012', '00000000-0000-0000-0001-000000000014', '00000000-0000-0000-0000-000000000c05',
   'Reseño cafeteras y gadgets de cocina; tengo audiencia interesada en espresso.', 'accepted', now() - interval '18 days', now() - interval '8 days'),
  ('00000000-0000-0000-0002-000000000013', '00000000-0000-0000-0001-000000000008', '00000000-0000-0000-0000-000000000c02',
   'Viajo a la Patagonia este invierno, ideal para historias con la chaqueta.', 'accepted', now() - interval '17 days', now() - interval '7 days'),
  ('00000000-0000-0000-0002-000000000014', '00000000-0000-0000-0001-000000000013', '00000000-0000-0000-0000-000000000c07',
   'Hablo de productividad y emprendimiento a diario en Medellín.', 'pending', now() - interval '16 days', now() - interval '6 days'),
  ('00000000-0000-0000-0002-000000000015', '00000000-0000-0000-0001-000000000009', '00000000-0000-0000-0000-000000000c09',
   'Corro 60 km por semana; puedo reseñar las zapatillas con datos reales.', 'rejected', now() - interval '15 days', now() - interval '5 days'),
  ('00000000-0000-0000-0002-000000000016', '00000000-0000-0000-0001-000000000012', '00000000-0000-0000-0000-000000000c12',
   'Comparto mis mañanas con café y plantas; encaja con una receta sencilla.', 'pending', now() - interval '14 days', now() - interval '4 days');

insert into app.deliverables (id, application_id, content_url, status, feedback, created_at, updated_at)
values
  ('00000000-0000-0000-0003-000000000001', '00000000-0000-0000-0002-000000000001', 'https://www.tiktok.com/@sofiarios/video/7301234567890', 'approved', 'Great energy and lighting, thank you!', now() - interval '11 days', now() - interval '9 days'),
  ('00000000-0000-0000-0003-000000000002', '00000000-0000-0000-0002-000000000001', 'https://www.instagram.com/reel/CzSofiaGlow1/', 'pending', null, now() - interval '10 days', now() - interval '8 days'),
  ('00000000-0000-0000-0003-000000000003', '00000000-0000-0000-0002-000000000004', 'https://www.youtube.com/watch?v=andesTrail01', 'submitted', null, now() - interval '9 days', now() - interval '7 days'),
  ('00000000-0000-0000-0003-000000000004', '00000000-0000-0000-0002-000000000007', 'https://www.instagram.com/reel/CxLipTint06/', 'approved', 'Perfect, all six shades shown.', now() - interval '8 days', now() - interval '6 days'),
  ('00000000-0000-0000-0003-000000000005', '00000000-0000-0000-0002-000000000009', 'https://www.tiktok.com/@diegotech/video/7309876543210', 'rejected', 'Please mention the cold brew concentrate by name.', now() - interval '7 days', now() - interval '5 days'),
  ('00000000-0000-0000-0003-000000000006', '00000000-0000-0000-0002-000000000011', 'https://www.instagram.com/reel/CyCafeDulce/', 'pending', null, now() - interval '6 days', now() - interval '4 days'),
  ('00000000-0000-0000-0003-000000000007', '00000000-0000-0000-0002-000000000012', 'https://www.youtube.com/watch?v=espressoRev1', 'approved', 'Excellent, very thorough review.', now() - interval '5 days', now() - interval '3 days'),
  ('00000000-0000-0000-0003-000000000008', '00000000-0000-0000-0002-000000000013', 'https://www.instagram.com/stories/mateo.viaja/123456/', 'approved', 'Looks great in the snow.', now() - interval '4 days', now() - interval '2 days');

insert into app.payments (id, deliverable_id, amount_cents, status, payment_method, stripe_payment_id, payment_date, created_at)
values
  ('00000000-0000-0000-0005-000000000001', '00000000-0000-0000-0003-000000000001', 50000, 'completed', 'card', 'pi_demo_0001', now() - interval '8 days', now() - interval '8 days'),
  ('00000000-0000-0000-0005-000000000002', '00000000-0000-0000-0003-000000000004', 15000, 'completed', 'card', 'pi_demo_0002', now() - interval '60 days', now() - interval '60 days'),
  ('00000000-0000-0000-0005-000000000003', '00000000-0000-0000-0003-000000000007', 100000, 'completed', 'card', 'pi_demo_0003', now() - interval '50 days', now() - interval '50 days'),
  ('00000000-0000-0000-0005-000000000004', '00000000-0000-0000-0003-000000000008', 20000, 'completed', 'card', 'pi_demo_0004', now() - interval '55 days', now() - interval '55 days');

insert into app.messages (id, sender_id, receiver_id, content, read, created_at)
values
  ('00000000-0000-0000-0004-000000000001', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000c01',
   'Hi Sofía! We loved your application for the Morning Glow Serum launch. Welcome aboard!', true, now() - interval '3000 minutes'),
  ('00000000-0000-0000-0004-000000000002', '00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-0000000000b1',
   '¡Muchas gracias! Estoy muy emocionada. ¿Cuándo llega el producto?', true, now() - interval '2900 minutes'),
  ('00000000-0000-0000-0004-000000000003', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000c01',
   'It ships tomorrow, you should have it by Friday.', true, now() - interval '2800 minutes'),
  ('00000000-0000-0000-0004-000000000004', '00000000-0000-0000-0000-000000000c01', '00000000-0000-0000-0000-0000000000b1',
   'Perfecto, ya subí el primer video. ¿Qué les parece?', true, now() - interval '600 minutes'),
  ('00000000-0000-0000-0004-000000000005', '00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-000000000c01',
   'It looks amazing! Approved. Could you also share a reel version?', false, now() - interval '120 minutes'),
  ('00000000-0000-0000-0004-000000000006', '00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-000000000c02',
   'Mateo, the backpack is on its way to Cusco. Enjoy the trail!', true, now() - interval '5000 minutes'),
  ('00000000-0000-0000-0004-000000000007', '00000000-0000-0000-0000-000000000c02', '00000000-0000-0000-0000-0000000000b2',
   '¡Genial! Salgo el lunes al Camino Inca, les mando fotos.', false, now() - interval '4900 minutes'),
  ('00000000-0000-0000-0004-000000000008', '00000000-0000-0000-0000-0000000000b3', '00000000-0000-0000-0000-000000000c05',
   'Hi Diego, could you mention the cold brew concentrate by name in the next cut?', false, now() - interval '400 minutes'),
  ('00000000-0000-0000-0004-000000000009', '00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-0000000000b1',
   'Welcome to the platform! Let us know if you need help setting up campaigns.', true, now() - interval '9000 minutes'),
  ('00000000-0000-0000-0004-000000000010', '00000000-0000-0000-0000-000000000c04', '00000000-0000-0000-0000-0000000000b3',
   'Hola, ¿puedo usar granos de origen colombiano en la receta?', false, now() - interval '90 minutes');
