-- Demo data for local runs: Naples events, rates, categories, partners, settings.
-- Applied by `npm start` only when the events table is empty (never wipes data).
-- Dates are relative to the day of seeding, at evening hours in Rome (UTC+1/+2).

INSERT INTO categories (name, color) VALUES
  ('Concerti', '#8B5CF6'),
  ('Calcio', '#0EA5E9'),
  ('Parchi divertimento', '#F59E0B'),
  ('Sport e benessere', '#10B981');

INSERT INTO events (title, description, datetime, is_always_active, duration, duration_minutes, distance, total_spots, reserved_spots, occupied_spots, image_url, category_id, is_active, sort_order, prevendita_title, prevendita_description, prevendita_price_cents, is_prevendita_visible, is_prevendita_payable) VALUES
  ('Pinguini Tattici Nucleari – Stadio Maradona',
   'Il tour negli stadi fa tappa a Napoli. Parcheggio custodito a 800 metri dallo stadio, apertura cancelli quattro ore prima del concerto e uscita assistita a fine serata. Navetta gratuita ogni 10 minuti.',
   (unixepoch(date('now', '+12 days')) + 19 * 3600) * 1000, 0, '5 ore', 300, '800 m dallo stadio', 120, 10, 6, NULL,
   (SELECT id FROM categories WHERE name = 'Concerti'), 1, 1,
   'Prevendita parcheggio concerto', 'Posto garantito con accesso prioritario: paghi ora e presenti la targa all''ingresso.', 1200, 1, 1),
  ('Champions League: Napoli – Real Madrid',
   'Notte di Champions a Fuorigrotta. Posto auto a pochi passi dallo stadio, sorveglianza durante la partita.',
   (unixepoch(date('now', '+5 days')) + 20 * 3600) * 1000, 0, '4 ore', 240, '600 m dallo stadio', 80, 5, 4, NULL,
   (SELECT id FROM categories WHERE name = 'Calcio'), 1, 2,
   'Prevendita Champions', 'Prenota il posto prima dell''apertura delle vendite.', 1800, 1, 0),
  ('Edenlandia – Parcheggio giornaliero',
   'Parcheggio convenzionato per il parco divertimenti di Fuorigrotta, aperto tutti i giorni.',
   NULL, 1, '4 ore', 240, '300 m dall''ingresso', 40, 0, 2, NULL,
   (SELECT id FROM categories WHERE name = 'Parchi divertimento'), 1, 3,
   NULL, NULL, NULL, 0, 0),
  ('Napoli – Inter, Serie A',
   'Big match di campionato. Parcheggio coperto e scoperto, ingresso da via Claudio.',
   (unixepoch(date('now', '+19 days')) + 17 * 3600) * 1000, 0, '', 240, '700 m dallo stadio', 100, 20, 10, NULL,
   (SELECT id FROM categories WHERE name = 'Calcio'), 1, 4,
   NULL, NULL, NULL, 0, 0),
  ('Elodie in concerto – Palapartenope',
   'Elodie torna a Napoli con il nuovo tour nei palazzetti.',
   (unixepoch(date('now', '+26 days')) + 20 * 3600) * 1000, 0, '4 ore', 240, '200 m dal Palapartenope', 60, 0, 0, NULL,
   (SELECT id FROM categories WHERE name = 'Concerti'), 1, 5,
   'Prevendita parcheggio Elodie', 'Posto riservato fino all''inizio del concerto.', 1000, 1, 1),
  ('Passeggiata del Lungomare – 10 km',
   'Camminata non competitiva da Mergellina a Castel dell''Ovo e ritorno, aperta a tutti. Parcheggio per partecipanti e accompagnatori con deposito borse.',
   (unixepoch(date('now', '+9 days')) + 8 * 3600) * 1000, 0, '3 ore', 180, '10 km', 50, 0, 0, NULL,
   (SELECT id FROM categories WHERE name = 'Sport e benessere'), 1, 6,
   NULL, NULL, NULL, 0, 0),
  ('Capodanno in Piazza del Plebiscito',
   'Evento in preparazione: le tariffe saranno pubblicate a breve.',
   (unixepoch(date('now', '+40 days')) + 21 * 3600) * 1000, 0, '6 ore', 360, '1,5 km dalla piazza', 70, 0, 0, NULL,
   NULL, 0, 7,
   NULL, NULL, NULL, 0, 0);


WITH r(ev, name, description, price_cents, is_visible, is_payable, sort_order) AS (VALUES
  ('Pinguini%', 'Posto auto', 'Scoperto, custodito', 1500, 1, 1, 1),
  ('Pinguini%', 'Posto coperto con custodia notturna', 'Coperto, uscita entro le 2:00', 2500, 1, 1, 2),
  ('Pinguini%', 'Moto e scooter', 'Area moto dedicata', 800, 1, 0, 3),
  ('Pinguini%', 'Staff e fornitori', 'Riservato', 0, 0, 1, 4),
  ('Champions%', 'Posto auto', 'Scoperto', 2000, 1, 1, 1),
  ('Champions%', 'Posto coperto VIP con navetta', 'Coperto, navetta per lo stadio', 3500, 1, 1, 2),
  ('Champions%', 'Pullman', 'Solo su richiesta', 6000, 1, 0, 3),
  ('Edenlandia%', 'Giornata intera', 'Dalle 10:00 alla chiusura', 1000, 1, 1, 1),
  ('Edenlandia%', 'Mezza giornata', 'Fino a 4 ore', 600, 1, 1, 2),
  ('Napoli – Inter%', 'Posto auto', 'Scoperto', 1800, 1, 1, 1),
  ('Napoli – Inter%', 'Posto coperto', 'Coperto', 2400, 1, 1, 2),
  ('Napoli – Inter%', 'Abbonati stagionali', 'Riservato agli abbonati', 0, 0, 0, 3),
  ('Elodie%', 'Posto auto', 'Scoperto', 1200, 1, 1, 1),
  ('Elodie%', 'Prevendita in loco', 'Acquisto alla cassa del garage', 1000, 1, 0, 2),
  ('Passeggiata%', 'Partecipanti', 'Con deposito borse', 500, 1, 1, 1),
  ('Passeggiata%', 'Accompagnatori', 'Solo parcheggio', 700, 1, 1, 2),
  ('Capodanno%', 'Posto auto', 'Tariffa provvisoria', 2000, 1, 1, 1)
)
INSERT INTO rates (event_id, name, description, price_cents, is_visible, is_payable, sort_order)
SELECT e.id, r.name, r.description, r.price_cents, r.is_visible, r.is_payable, r.sort_order
FROM events e JOIN r ON e.title LIKE r.ev;

INSERT INTO partners (name, image_url, is_active, sort_order) VALUES
  ('Pizzeria Vesuvio', '/demo/partners/pizzeria-vesuvio.webp', 1, 1),
  ('Caffè Partenope', '/demo/partners/caffe-partenope.webp', 1, 2),
  ('Autofficina Mergellina', '/demo/partners/autofficina-mergellina.webp', 1, 3),
  ('Hotel Chiaia', '/demo/partners/hotel-chiaia.webp', 1, 4),
  ('Radio Golfo', '/demo/partners/radio-golfo.webp', 1, 5),
  ('Lavaggio Posillipo', '/demo/partners/lavaggio-posillipo.webp', 1, 6);

INSERT INTO carousel_settings (id, is_enabled, scroll_speed, frame_rate) VALUES (1, 1, 1, 16);

INSERT INTO live_notification_config (id, is_enabled, frequency, target_event_id, is_random_events) VALUES (1, 1, 10000, NULL, 1);

-- A few paid demo bookings so the dashboards, payments and live popups have real rows to show.
-- Edenlandia (always active, so on today's gate list) gets the gate demo: passes printed by
-- `npm start`, one plate with two passes. Pass secrets: 128 random bits (hex, base64url-safe).
WITH b(n, ev, rs, name, email, plate, model, ago) AS (VALUES
  (1, 'Pinguini%', 1, 'Giulia Esposito', 'giulia.esposito@example.it', 'FA123BC', 'Fiat 500', 25),
  (2, 'Champions%', 1, 'Marco Russo', 'marco.russo@example.it', 'GB456DE', 'Volkswagen Golf', 90),
  (3, 'Champions%', 1, 'Francesca De Luca', 'f.deluca@example.it', 'EH789FG', 'Peugeot 208', 200),
  (4, 'Edenlandia%', 1, 'Antonio Romano', 'antonio.romano@example.it', 'DK321LM', 'Lancia Ypsilon', 1500),
  (5, 'Napoli – Inter%', 1, 'Sara Colombo', 'sara.colombo@example.it', 'GC654NP', 'Toyota Yaris', 2900),
  (6, 'Edenlandia%', 1, 'Luca Ferrara', 'luca.ferrara@example.it', 'FL482ZT', 'Alfa Romeo Giulietta', 300),
  (7, 'Edenlandia%', 2, 'Chiara Amato', 'chiara.amato@example.it', 'GE735RS', 'Renault Clio', 180),
  (8, 'Edenlandia%', 1, 'Paolo Greco', 'paolo.greco@example.it', 'EB913KV', 'Ford Focus', 120),
  (9, 'Edenlandia%', 2, 'Paolo Greco', 'paolo.greco@example.it', 'EB913KV', 'Ford Focus', 115)
)
INSERT INTO bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model, amount_cents, currency, hold_expires_at, payment_intent_id, payment_provider, paid_at, pass_secret, created_at)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-a' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  e.id, r.id, 'booking', 'paid', b.name, b.email, b.plate, b.model, r.price_cents, 'eur',
  (unixepoch('now') - b.ago * 60) * 1000 + 900000, 'pi_demo_seed_' || b.n, 'demo',
  (unixepoch('now') - b.ago * 60) * 1000, lower(hex(randomblob(16))), (unixepoch('now') - b.ago * 60 - 2) * 1000
FROM b
JOIN events e ON e.title LIKE b.ev
JOIN rates r ON r.event_id = e.id AND r.sort_order = b.rs;

-- Their payments, as the demo provider holds them: the demo bookings can be refunded like real ones.
INSERT INTO demo_payment_intents (id, client_secret, amount_cents, currency, status, metadata, created_at)
SELECT payment_intent_id, payment_intent_id || '_secret_seed', amount_cents, currency, 'succeeded', json_object('bookingId', id, 'kind', 'booking'), created_at
FROM bookings WHERE payment_intent_id LIKE 'pi_demo_seed_%';

-- Demo gate account (local demo data only: production never loads this file), printed by npm start:
-- cancello@parcheggi.example / cancello-napoli-demo
-- The owner is not seeded: the first login with ADMIN_EMAIL + ADMIN_PASSWORD (.dev.vars) creates it.
INSERT INTO staff_users (email, name, role, password_hash) VALUES
  ('cancello@parcheggi.example', 'Addetto cancello', 'gate', 'pbkdf2-sha256$100000$XyokSHM2PdlfZJyNjiSKkg==$MAzG7m+3ttrJ3zBwJTsHhQ77u3myGmjP9nGjgcyGv8A=');

-- Season passes and vouchers (docs/decisions/029-season-passes-and-vouchers.md): the stadium's season, a
-- holder who bought it and a partner given one; each holds a paid spot at every Calcio match of the season.
INSERT INTO season_passes (name, name_en, category_id, starts_at, ends_at, price_cents, spots, is_on_sale) VALUES
  ('Abbonamento Napoli 2026/27', 'Napoli season pass 2026/27', (SELECT id FROM categories WHERE name = 'Calcio'),
   unixepoch(date('now', '-1 day')) * 1000, unixepoch(date('now', '+300 days')) * 1000, 25000, 30, 1);

INSERT INTO season_holders (id, season_id, status, hold_expires_at, customer_name, customer_email, license_plate, car_model, lang, pass_secret, assigned_by_staff_id, created_at)
SELECT h.id, s.id, 'active', unixepoch('now') * 1000, h.name, h.email, h.plate, h.model, 'it', lower(hex(randomblob(16))), h.staff, (unixepoch('now') - 3 * 86400) * 1000
FROM season_passes s, (SELECT 'c1e05b0a-7d2e-4f61-a3b4-5e6f70819201' AS id, 'Ciro Esposito' AS name, 'ciro.esposito@example.it' AS email, 'FA123CE' AS plate, 'Alfa Romeo Giulietta' AS model, NULL AS staff
  UNION ALL SELECT '9f3ab2c4-1e5d-4a7b-b8c9-0d1e2f3a4b52', 'Pizzeria Partenope (partner)', 'info@pizzeria-partenope.example', 'GB456PP', 'Fiat Ducato', 0) h
WHERE s.name = 'Abbonamento Napoli 2026/27';

INSERT INTO bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model, amount_cents, currency, hold_expires_at, payment_intent_id, payment_provider, paid_at, pass_secret, created_at, season_holder_id)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-a' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  m.event_id, NULL, 'season', 'paid', h.customer_name, h.customer_email, h.license_plate, h.car_model,
  CASE WHEN m.n = 1 AND h.assigned_by_staff_id IS NULL THEN s.price_cents ELSE 0 END, 'eur', h.created_at,
  CASE WHEN m.n = 1 AND h.assigned_by_staff_id IS NULL THEN 'pi_demo_seed_season_1' END, CASE WHEN m.n = 1 AND h.assigned_by_staff_id IS NULL THEN 'demo' END,
  h.created_at, CASE WHEN m.n = 1 THEN h.pass_secret END, h.created_at, h.id
FROM season_holders h
JOIN season_passes s ON s.id = h.season_id
JOIN (SELECT e.id AS event_id, e.category_id, e.datetime, row_number() OVER (PARTITION BY e.category_id ORDER BY e.datetime) AS n FROM events e
      WHERE e.is_always_active = 0 AND e.datetime IS NOT NULL AND e.cancelled_at IS NULL) m
  ON m.category_id = s.category_id AND m.datetime >= s.starts_at AND m.datetime < s.ends_at;

UPDATE season_holders SET carrier_booking_id = (SELECT b.id FROM bookings b WHERE b.season_holder_id = season_holders.id AND b.pass_secret IS NOT NULL);

INSERT INTO demo_payment_intents (id, client_secret, amount_cents, currency, status, metadata, created_at)
SELECT payment_intent_id, payment_intent_id || '_secret_seed', amount_cents, currency, 'succeeded', json_object('bookingId', id, 'kind', 'season'), created_at
FROM bookings WHERE payment_intent_id = 'pi_demo_seed_season_1';

INSERT INTO vouchers (code, kind, value, max_uses, expires_at, event_ids, note) VALUES
  ('AMICI10', 'percent', 10, 50, unixepoch(date('now', '+60 days')) * 1000, NULL, 'Sconto del 10% per gli amici del garage'),
  ('PARTENOPE', 'free', 0, 5, unixepoch(date('now', '+60 days')) * 1000, NULL, 'Posti gratuiti per il partner Pizzeria Partenope');
