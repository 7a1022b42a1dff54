-- Demo data for local runs: Naples events, rates, categories, partners, settings.
-- Applied by `npm start` only when the events table is empty (never wipes data).
-- Dates are relative to the day of seeding, at evening hours in Rome (UTC+1/+2).

INSERT INTO categories (name, name_translations, color) VALUES
  ('Concerti', json_object('en', 'Concerts'), '#8B5CF6'),
  ('Calcio', json_object('en', 'Football'), '#0EA5E9'),
  ('Parchi divertimento', json_object('en', 'Theme parks'), '#F59E0B'),
  ('Sport e benessere', json_object('en', 'Sport and wellbeing'), '#10B981');

-- Every text a visitor reads has its English twin (issue #25); durations in minutes, distances in metres.
INSERT INTO events (title, title_translations, description, description_translations, datetime, is_always_active, duration_minutes, distance_meters, total_spots, reserved_spots, occupied_spots, image_url, category_id, is_active, sort_order, prevendita_title, prevendita_title_translations, prevendita_description, prevendita_description_translations, prevendita_price_cents, is_prevendita_visible, is_prevendita_payable) VALUES
  ('Pinguini Tattici Nucleari – Stadio Maradona', json_object('en', 'Pinguini Tattici Nucleari – Maradona Stadium'),
   'Il tour negli stadi fa tappa a Napoli. Parcheggio custodito a 800 metri dallo stadio, apertura cancelli quattro ore prima del concerto e uscita assistita a fine serata. Navetta gratuita ogni 10 minuti.',
   json_object('en', 'The stadium tour comes to Naples. Attended car park 800 metres from the stadium, gates open four hours before the concert and assisted exit at the end of the night. Free shuttle every 10 minutes.'),
   (unixepoch(date('now', '+12 days')) + 19 * 3600) * 1000, 0, 300, 800, 120, 10, 6, NULL,
   (SELECT id FROM categories WHERE name = 'Concerti'), 1, 1,
   'Prevendita parcheggio concerto', json_object('en', 'Concert parking presale'),
   'Posto garantito con accesso prioritario: paghi ora e presenti la targa all''ingresso.', json_object('en', 'Guaranteed space with priority access: pay now and show your number plate at the entrance.'),
   1200, 1, 1),
  ('Champions League: Napoli – Real Madrid', json_object('en', 'Champions League: Napoli – Real Madrid'),
   'Notte di Champions a Fuorigrotta. Posto auto a pochi passi dallo stadio, sorveglianza durante la partita.',
   json_object('en', 'Champions League night in Fuorigrotta. A parking space a short walk from the stadium, watched over during the match.'),
   (unixepoch(date('now', '+5 days')) + 20 * 3600) * 1000, 0, 240, 600, 80, 5, 4, NULL,
   (SELECT id FROM categories WHERE name = 'Calcio'), 1, 2,
   'Prevendita Champions', json_object('en', 'Champions League presale'),
   'Prenota il posto prima dell''apertura delle vendite.', json_object('en', 'Book your space before general sale opens.'),
   1800, 1, 0),
  ('Edenlandia – Parcheggio giornaliero', json_object('en', 'Edenlandia – Day parking'),
   'Parcheggio convenzionato per il parco divertimenti di Fuorigrotta, aperto tutti i giorni.',
   json_object('en', 'Partner car park for the Fuorigrotta theme park, open every day.'),
   NULL, 1, 240, 300, 40, 0, 2, NULL,
   (SELECT id FROM categories WHERE name = 'Parchi divertimento'), 1, 3,
   NULL, '{}', NULL, '{}', NULL, 0, 0),
  ('Napoli – Inter, Serie A', json_object('en', 'Napoli – Inter, Serie A'),
   'Big match di campionato. Parcheggio coperto e scoperto, ingresso da via Claudio.',
   json_object('en', 'League top match. Covered and open-air parking, entrance from Via Claudio.'),
   (unixepoch(date('now', '+19 days')) + 17 * 3600) * 1000, 0, 240, 700, 100, 20, 10, NULL,
   (SELECT id FROM categories WHERE name = 'Calcio'), 1, 4,
   NULL, '{}', NULL, '{}', NULL, 0, 0),
  ('Elodie in concerto – Palapartenope', json_object('en', 'Elodie live – Palapartenope'),
   'Elodie torna a Napoli con il nuovo tour nei palazzetti.',
   json_object('en', 'Elodie is back in Naples with her new arena tour.'),
   (unixepoch(date('now', '+26 days')) + 20 * 3600) * 1000, 0, 240, 200, 60, 0, 0, NULL,
   (SELECT id FROM categories WHERE name = 'Concerti'), 1, 5,
   'Prevendita parcheggio Elodie', json_object('en', 'Elodie parking presale'),
   'Posto riservato fino all''inizio del concerto.', json_object('en', 'Space held for you until the concert starts.'),
   1000, 1, 1),
  ('Passeggiata del Lungomare – 10 km', json_object('en', 'Seafront Walk – 10 km'),
   'Camminata non competitiva da Mergellina a Castel dell''Ovo e ritorno, aperta a tutti. Parcheggio per partecipanti e accompagnatori con deposito borse.',
   json_object('en', 'Non-competitive walk from Mergellina to Castel dell''Ovo and back, open to everyone. Parking for walkers and companions, with a bag drop.'),
   (unixepoch(date('now', '+9 days')) + 8 * 3600) * 1000, 0, 180, 10000, 50, 0, 0, NULL,
   (SELECT id FROM categories WHERE name = 'Sport e benessere'), 1, 6,
   NULL, '{}', NULL, '{}', NULL, 0, 0),
  ('Capodanno in Piazza del Plebiscito', json_object('en', 'New Year''s Eve in Piazza del Plebiscito'),
   'Evento in preparazione: le tariffe saranno pubblicate a breve.',
   json_object('en', 'Event in preparation: rates will be published soon.'),
   (unixepoch(date('now', '+40 days')) + 21 * 3600) * 1000, 0, 360, 1500, 70, 0, 0, NULL,
   NULL, 0, 7,
   NULL, '{}', NULL, '{}', NULL, 0, 0),
  ('Napoli – Milan, Serie A', json_object('en', 'Napoli – Milan, Serie A'),
   'Tutto esaurito: i posti del garage sono tutti presi. Iscriviti alla lista d''attesa: se un posto si libera, ti scriviamo.',
   json_object('en', 'Sold out: every space in the garage is taken. Join the waiting list: if a space frees up, we will write to you.'),
   (unixepoch(date('now', '+8 days')) + 20 * 3600) * 1000, 0, 240, 650, 5, 0, 0, NULL,
   (SELECT id FROM categories WHERE name = 'Calcio'), 1, 8,
   NULL, '{}', NULL, '{}', NULL, 0, 0);


WITH r(ev, name, name_en, description, description_en, price_cents, is_visible, is_payable, sort_order) AS (VALUES
  ('Pinguini%', 'Posto auto', 'Car space', 'Scoperto, custodito', 'Open-air, attended', 1500, 1, 1, 1),
  ('Pinguini%', 'Posto coperto con custodia notturna', 'Covered space, attended overnight', 'Coperto, uscita entro le 2:00', 'Covered, leave by 2:00', 2500, 1, 1, 2),
  ('Pinguini%', 'Moto e scooter', 'Motorbikes and scooters', 'Area moto dedicata', 'Dedicated motorbike area', 800, 1, 0, 3),
  ('Pinguini%', 'Staff e fornitori', 'Staff and suppliers', 'Riservato', 'Reserved', 0, 0, 1, 4),
  ('Champions%', 'Posto auto', 'Car space', 'Scoperto', 'Open-air', 2000, 1, 1, 1),
  ('Champions%', 'Posto coperto VIP con navetta', 'VIP covered space with shuttle', 'Coperto, navetta per lo stadio', 'Covered, shuttle to the stadium', 3500, 1, 1, 2),
  ('Champions%', 'Pullman', 'Coach', 'Solo su richiesta', 'On request only', 6000, 1, 0, 3),
  ('Edenlandia%', 'Giornata intera', 'Full day', 'Dalle 10:00 alla chiusura', 'From 10:00 until closing', 1000, 1, 1, 1),
  ('Edenlandia%', 'Mezza giornata', 'Half day', 'Fino a 4 ore', 'Up to 4 hours', 600, 1, 1, 2),
  ('Napoli – Inter%', 'Posto auto', 'Car space', 'Scoperto', 'Open-air', 1800, 1, 1, 1),
  ('Napoli – Inter%', 'Posto coperto', 'Covered space', 'Coperto', 'Covered', 2400, 1, 1, 2),
  ('Napoli – Inter%', 'Abbonati stagionali', 'Season ticket holders', 'Riservato agli abbonati', 'Season ticket holders only', 0, 0, 0, 3),
  ('Elodie%', 'Posto auto', 'Car space', 'Scoperto', 'Open-air', 1200, 1, 1, 1),
  ('Elodie%', 'Prevendita in loco', 'On-site presale', 'Acquisto alla cassa del garage', 'Buy at the garage desk', 1000, 1, 0, 2),
  ('Passeggiata%', 'Partecipanti', 'Walkers', 'Con deposito borse', 'With bag drop', 500, 1, 1, 1),
  ('Passeggiata%', 'Accompagnatori', 'Companions', 'Solo parcheggio', 'Parking only', 700, 1, 1, 2),
  ('Capodanno%', 'Posto auto', 'Car space', 'Tariffa provvisoria', 'Provisional rate', 2000, 1, 1, 1),
  ('Napoli – Milan%', 'Posto auto', 'Car space', 'Scoperto', 'Open-air', 2200, 1, 1, 1)
)
INSERT INTO rates (event_id, name, name_translations, description, description_translations, price_cents, is_visible, is_payable, sort_order)
SELECT e.id, r.name, json_object('en', r.name_en), r.description, json_object('en', r.description_en), r.price_cents, r.is_visible, r.is_payable, r.sort_order
FROM events e JOIN r ON e.title LIKE r.ev;

-- German, French and Spanish for the away fans' nights (decision 062): a visitor reads their language,
-- else English, else Italian, so the events left out here show the English.
UPDATE categories SET name_translations = json_patch(name_translations, CASE name
  WHEN 'Concerti' THEN json_object('de', 'Konzerte', 'fr', 'Concerts', 'es', 'Conciertos')
  WHEN 'Calcio' THEN json_object('de', 'Fußball', 'fr', 'Football', 'es', 'Fútbol')
  WHEN 'Parchi divertimento' THEN json_object('de', 'Freizeitparks', 'fr', 'Parcs d''attractions', 'es', 'Parques de atracciones')
  ELSE json_object('de', 'Sport und Wohlbefinden', 'fr', 'Sport et bien-être', 'es', 'Deporte y bienestar') END);

UPDATE events SET
  title_translations = json_patch(title_translations, json_object('de', 'Champions League: Neapel – Real Madrid', 'fr', 'Ligue des champions : Naples – Real Madrid', 'es', 'Champions League: Nápoles – Real Madrid')),
  description_translations = json_patch(description_translations, json_object(
    'de', 'Champions-League-Abend in Fuorigrotta. Ein Parkplatz wenige Schritte vom Stadion, bewacht während des ganzen Spiels.',
    'fr', 'Soirée de Ligue des champions à Fuorigrotta. Une place à deux pas du stade, surveillée pendant tout le match.',
    'es', 'Noche de Champions en Fuorigrotta. Una plaza a pocos pasos del estadio, vigilada durante todo el partido.')),
  prevendita_title_translations = json_patch(prevendita_title_translations, json_object('de', 'Champions-League-Vorverkauf', 'fr', 'Prévente Ligue des champions', 'es', 'Preventa Champions')),
  prevendita_description_translations = json_patch(prevendita_description_translations, json_object(
    'de', 'Sichern Sie sich Ihren Platz, bevor der freie Verkauf beginnt.',
    'fr', 'Réservez votre place avant l''ouverture de la vente.',
    'es', 'Reserva tu plaza antes de que abra la venta.'))
WHERE title LIKE 'Champions%';

UPDATE events SET
  title_translations = json_patch(title_translations, json_object('de', 'Pinguini Tattici Nucleari – Maradona-Stadion', 'fr', 'Pinguini Tattici Nucleari – Stade Maradona', 'es', 'Pinguini Tattici Nucleari – Estadio Maradona')),
  description_translations = json_patch(description_translations, json_object(
    'de', 'Die Stadiontour macht Halt in Neapel. Bewachter Parkplatz 800 Meter vom Stadion, Einfahrt ab vier Stunden vor dem Konzert, begleitete Ausfahrt am Ende des Abends. Kostenloser Shuttle alle 10 Minuten.',
    'fr', 'La tournée des stades passe par Naples. Parking gardé à 800 mètres du stade, ouverture quatre heures avant le concert et sortie accompagnée en fin de soirée. Navette gratuite toutes les 10 minutes.',
    'es', 'La gira por estadios llega a Nápoles. Aparcamiento vigilado a 800 metros del estadio, abierto cuatro horas antes del concierto y salida asistida al final de la noche. Lanzadera gratuita cada 10 minutos.'))
WHERE title LIKE 'Pinguini%';

UPDATE rates SET
  name_translations = json_patch(name_translations, CASE name
    WHEN 'Posto auto' THEN json_object('de', 'Autostellplatz', 'fr', 'Place voiture', 'es', 'Plaza de coche')
    WHEN 'Posto coperto VIP con navetta' THEN json_object('de', 'Überdachter VIP-Platz mit Shuttle', 'fr', 'Place couverte VIP avec navette', 'es', 'Plaza cubierta VIP con lanzadera')
    WHEN 'Pullman' THEN json_object('de', 'Reisebus', 'fr', 'Autocar', 'es', 'Autocar')
    WHEN 'Posto coperto con custodia notturna' THEN json_object('de', 'Überdachter Platz, nachts bewacht', 'fr', 'Place couverte, gardée la nuit', 'es', 'Plaza cubierta, vigilada de noche')
    WHEN 'Moto e scooter' THEN json_object('de', 'Motorräder und Roller', 'fr', 'Motos et scooters', 'es', 'Motos y scooters')
    ELSE '{}' END),
  description_translations = json_patch(description_translations, CASE description
    WHEN 'Scoperto' THEN json_object('de', 'Im Freien', 'fr', 'En plein air', 'es', 'Al aire libre')
    WHEN 'Scoperto, custodito' THEN json_object('de', 'Im Freien, bewacht', 'fr', 'En plein air, gardé', 'es', 'Al aire libre, vigilado')
    WHEN 'Coperto, navetta per lo stadio' THEN json_object('de', 'Überdacht, Shuttle zum Stadion', 'fr', 'Couvert, navette pour le stade', 'es', 'Cubierto, lanzadera al estadio')
    WHEN 'Solo su richiesta' THEN json_object('de', 'Nur auf Anfrage', 'fr', 'Sur demande uniquement', 'es', 'Solo bajo petición')
    WHEN 'Coperto, uscita entro le 2:00' THEN json_object('de', 'Überdacht, Ausfahrt bis 2:00 Uhr', 'fr', 'Couvert, sortie avant 2 h', 'es', 'Cubierto, salida antes de las 2:00')
    WHEN 'Area moto dedicata' THEN json_object('de', 'Eigener Bereich für Motorräder', 'fr', 'Espace réservé aux motos', 'es', 'Zona reservada para motos')
    ELSE '{}' END)
WHERE event_id IN (SELECT id FROM events WHERE title LIKE 'Champions%' OR title LIKE 'Pinguini%');

INSERT INTO partners (name, name_translations, image_url, is_active, sort_order) VALUES
  ('Pizzeria Vesuvio', json_object('en', 'Vesuvio Pizzeria'), '/demo/partners/pizzeria-vesuvio.webp', 1, 1),
  ('Caffè Partenope', json_object('en', 'Partenope Café'), '/demo/partners/caffe-partenope.webp', 1, 2),
  ('Autofficina Mergellina', json_object('en', 'Mergellina Car Repairs'), '/demo/partners/autofficina-mergellina.webp', 1, 3),
  ('Hotel Chiaia', json_object('en', 'Hotel Chiaia'), '/demo/partners/hotel-chiaia.webp', 1, 4),
  ('Radio Golfo', json_object('en', 'Radio Golfo'), '/demo/partners/radio-golfo.webp', 1, 5),
  ('Lavaggio Posillipo', json_object('en', 'Posillipo Car Wash'), '/demo/partners/lavaggio-posillipo.webp', 1, 6);

INSERT INTO carousel_settings (id, is_enabled, scroll_speed, frame_rate) VALUES (1, 1, 1, 16);

INSERT INTO live_notification_config (id, is_enabled, frequency, target_event_id, is_random_events) VALUES (1, 1, 10000, NULL, 1);

-- A few paid demo bookings so the dashboards, payments and live popups have real rows to show.
-- Edenlandia (always active, so on today's gate list) gets the gate demo: passes printed by
-- `npm start`, each with its own plate, so typing a printed plate at the gate lets that car in.
-- Pass secrets: 128 random bits (hex, base64url-safe).
WITH b(n, ev, rs, name, email, plate, model, ago) AS (VALUES
  (1, 'Pinguini%', 1, 'Giulia Esposito', 'giulia.esposito@example.it', 'FA123BC', 'Fiat 500', 25),
  (2, 'Champions%', 1, 'Marco Russo', 'marco.russo@example.it', 'GB456DE', 'Volkswagen Golf', 90),
  (3, 'Champions%', 1, 'Francesca De Luca', 'f.deluca@example.it', 'EH789FG', 'Peugeot 208', 200),
  (4, 'Edenlandia%', 1, 'Antonio Romano', 'antonio.romano@example.it', 'DK321LM', 'Lancia Ypsilon', 1500),
  (5, 'Napoli – Inter%', 1, 'Sara Colombo', 'sara.colombo@example.it', 'GC654NP', 'Toyota Yaris', 2900),
  (6, 'Edenlandia%', 1, 'Luca Ferrara', 'luca.ferrara@example.it', 'FL482ZT', 'Alfa Romeo Giulietta', 300),
  (7, 'Edenlandia%', 2, 'Chiara Amato', 'chiara.amato@example.it', 'GE735RS', 'Renault Clio', 180),
  (8, 'Edenlandia%', 1, 'Paolo Greco', 'paolo.greco@example.it', 'EB913KV', 'Ford Focus', 120),
  (9, 'Edenlandia%', 2, 'Paolo Greco', 'paolo.greco@example.it', 'EC208MS', 'Ford Focus', 115),
  (10, 'Napoli – Milan%', 1, 'Gennaro Izzo', 'gennaro.izzo@example.it', 'FG204HK', 'Fiat Tipo', 4000),
  (11, 'Napoli – Milan%', 1, 'Rosa Cuomo', 'rosa.cuomo@example.it', 'GA518PL', 'Opel Corsa', 3000),
  (12, 'Napoli – Milan%', 1, 'Ciro Marino', 'ciro.marino@example.it', 'EZ771TT', 'Dacia Sandero', 2000)
)
INSERT INTO bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model, amount_cents, currency, hold_expires_at, payment_intent_id, payment_provider, paid_at, pass_secret, created_at)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-a' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  e.id, r.id, 'booking', 'paid', b.name, b.email, b.plate, b.model, r.price_cents, 'eur',
  (unixepoch('now') - b.ago * 60) * 1000 + 900000, 'pi_demo_seed_' || b.n, 'demo',
  (unixepoch('now') - b.ago * 60) * 1000, lower(hex(randomblob(16))), (unixepoch('now') - b.ago * 60 - 2) * 1000
FROM b
JOIN events e ON e.title LIKE b.ev
JOIN rates r ON r.event_id = e.id AND r.sort_order = b.rs;

-- The sold-out match's waiting list (docs/decisions/032-waiting-list.md): three visitors in line. Its 5 spots are
-- taken by the 3 bookings above and the 2 season holders' spots below (db/seed.test.ts checks the count).
WITH w(n, email, plate, lang, ago) AS (VALUES
  (1, 'salvatore.russo@example.it', 'FH332KA', 'it', 600),
  (2, 'emma.clarke@example.co.uk', 'LR19XKT', 'en', 400),
  (3, 'teresa.gallo@example.it', 'GD604MB', 'it', 90)
)
INSERT INTO waitlist_entries (token, event_id, rate_id, email, license_plate, lang, created_at)
SELECT lower(hex(randomblob(16))), e.id, r.id, w.email, w.plate, w.lang, (unixepoch('now') - w.ago * 60) * 1000
FROM w
JOIN events e ON e.title LIKE 'Napoli – Milan%'
JOIN rates r ON r.event_id = e.id AND r.sort_order = 1
ORDER BY w.n;

-- Demo gate account (local demo data only: production never loads this file), printed by npm start:
-- cancello@parcheggi.example / cancello-napoli-demo
-- The owner is not seeded: the first login with ADMIN_EMAIL + ADMIN_PASSWORD (.dev.vars) creates it.
INSERT INTO staff_users (email, name, role, password_hash) VALUES
  ('cancello@parcheggi.example', 'Addetto cancello', 'gate', 'pbkdf2-sha256$100000$XyokSHM2PdlfZJyNjiSKkg==$MAzG7m+3ttrJ3zBwJTsHhQ77u3myGmjP9nGjgcyGv8A=');

-- Season passes and vouchers (docs/decisions/034-season-passes-and-vouchers.md): the stadium's season, a
-- holder who bought it and a partner given one; each holds a paid spot at every Calcio match of the season.
INSERT INTO season_passes (name, name_translations, category_id, starts_at, ends_at, price_cents, spots, is_on_sale) VALUES
  ('Abbonamento Napoli 2026/27', json_object('en', 'Napoli season pass 2026/27'), (SELECT id FROM categories WHERE name = 'Calcio'),
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
UPDATE season_holders SET matches_at_purchase = (SELECT count(*) FROM bookings b WHERE b.season_holder_id = season_holders.id);

-- The payments of the demo bookings and of the season bought, as the demo provider holds them: they can be refunded like real ones.
INSERT INTO demo_payment_intents (id, client_secret, amount_cents, currency, status, metadata, created_at)
SELECT payment_intent_id, payment_intent_id || '_secret_seed', amount_cents, currency, 'succeeded', json_object('bookingId', id, 'kind', kind), created_at
FROM bookings WHERE payment_intent_id LIKE 'pi_demo_seed_%';

INSERT INTO vouchers (code, kind, value, max_uses, expires_at, event_ids, note) VALUES
  ('AMCZ7K9Q', 'percent', 10, 50, unixepoch(date('now', '+60 days')) * 1000, NULL, 'Sconto del 10% per gli amici del garage'),
  ('PRTNPZ8W', 'free', 0, 5, unixepoch(date('now', '+60 days')) * 1000, NULL, 'Posti gratuiti per il partner Pizzeria Partenope');

-- The garage's fiscal identity for the demo (docs/decisions/047-documents.md): a made-up partita IVA
-- with a valid check digit, so receipts and invoices can be tried locally. The owner edits it in Documenti.
INSERT INTO fiscal_identity (id, ragione_sociale, partita_iva, codice_fiscale, indirizzo, cap, comune, provincia, regime_fiscale, vat_rate_bp, invoice_series, accountant_email)
VALUES (1, 'Parcheggi Eventi S.r.l. (demo)', '12345678903', '12345678903', 'Via Giambattista Marino 14', '80125', 'Napoli', 'NA', 'RF01', 2200, 'FE', 'commercialista@example.it');
