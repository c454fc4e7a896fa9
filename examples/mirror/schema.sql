-- The SkySlope mirror: tables a brokerage owns, kept current by the example workflows in this
-- folder (docs/MIRROR.md). Every workflow runs this script before it writes, so the tables exist
-- before any trigger can write to them; run by hand (psql) it does the same. It is one block: the
-- first run creates everything (or brings an older version of it up to this one), later runs see
-- the version in place and end at once. Runs that start together (two triggers, several workers)
-- wait for each other, so they never change the same function at the same time.
--
-- Each table holds one row per record, keyed by the service's own id, with the fields people
-- report on as columns and the whole record, as SkySlope sent it, in `record`. The workflows
-- call the skyslope_mirror_* functions below with the record as JSON: the mapping to columns lives
-- here, in one place, and a row is only ever replaced by the same or a newer version of its record
-- (a first load and a trigger that overlap, or a late retry, can never put an older one back).
-- Signed documents are one row per signing of a document: a document signed again is a new row.

DO $schema$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('skyslope_mirror_schema'));
	IF to_regprocedure('skyslope_mirror_schema_version()') IS NOT NULL THEN
		IF skyslope_mirror_schema_version() >= 2 THEN
			RETURN;
		END IF;
	END IF;

	-- A SkySlope date as a moment: with a zone as written; without one (the live service writes
	-- `2020-10-13T18:39:21.14`) as UTC, as the nodes read it; `0001-01-01...` and empty are no date.
	-- Text that is no date fails the write, naming the value: a mirror must not guess.
	CREATE OR REPLACE FUNCTION skyslope_time(value text) RETURNS timestamptz
	LANGUAGE sql STABLE AS $$
		SELECT CASE
			WHEN value IS NULL OR btrim(value) = '' OR value LIKE '0001-01-01%' THEN NULL
			WHEN value ~ '[Tt ]\d{1,2}:\d{2}.*([Zz]|[+-]\d{2}(:?\d{2})?)$' THEN value::timestamptz
			ELSE value::timestamp AT TIME ZONE 'UTC'
		END
	$$;

	-- A number the service may write as a number or as text ("$5,000" reads as 5000); none: null.
	CREATE OR REPLACE FUNCTION skyslope_number(value text) RETURNS numeric
	LANGUAGE sql STABLE AS $$
		SELECT CASE
			WHEN value IS NULL OR btrim(regexp_replace(value, '[$,\s]', '', 'g')) = '' THEN NULL
			ELSE regexp_replace(value, '[$,\s]', '', 'g')::numeric
		END
	$$;

	CREATE TABLE IF NOT EXISTS skyslope_listings (
		listing_guid text PRIMARY KEY,
		status text,
		mls_number text,
		listing_price numeric,
		listing_date timestamptz,
		expiration_date timestamptz,
		agent_guid text,
		office_guid text,
		checklist_type text,
		street_number text,
		street_address text,
		unit text,
		city text,
		state text,
		zip text,
		total_commission numeric,
		created_on timestamptz,
		modified_on timestamptz,
		record jsonb NOT NULL,
		mirrored_at timestamptz NOT NULL DEFAULT now()
	);

	CREATE TABLE IF NOT EXISTS skyslope_sales (
		sale_guid text PRIMARY KEY,
		listing_guid text,
		status text,
		mls_number text,
		escrow_number text,
		deal_type text,
		listing_price numeric,
		sale_price numeric,
		contract_accepted_date timestamptz,
		escrow_closing_date timestamptz,
		actual_closing_date timestamptz,
		agent_guid text,
		office_guid text,
		checklist_type text,
		street_number text,
		street_address text,
		unit text,
		city text,
		state text,
		zip text,
		total_commission numeric,
		listing_commission numeric,
		sale_commission numeric,
		created_on timestamptz,
		modified_on timestamptz,
		record jsonb NOT NULL,
		mirrored_at timestamptz NOT NULL DEFAULT now()
	);

	CREATE TABLE IF NOT EXISTS skyslope_offers (
		offer_id text PRIMARY KEY,
		listing_id text,
		agent_id text,
		offer_status text,
		offer_price numeric,
		earnest_money numeric,
		buyer_financing text,
		offer_closing_date timestamptz,
		offer_expiration_date timestamptz,
		version_number integer,
		street_number text,
		street_name text,
		city text,
		postal_code text,
		submitted_at timestamptz,
		modified_at timestamptz,
		record jsonb NOT NULL,
		mirrored_at timestamptz NOT NULL DEFAULT now()
	);

	CREATE TABLE IF NOT EXISTS skyslope_signed_documents (
		file_id bigint NOT NULL,
		envelope_id text NOT NULL,
		document_id bigint NOT NULL,
		forms_envelope_id bigint,
		envelope_document_id bigint,
		envelope_name text,
		document_name text,
		file_name text,
		signed_at timestamptz NOT NULL,
		received_at timestamptz,
		record jsonb NOT NULL,
		mirrored_at timestamptz NOT NULL DEFAULT now(),
		PRIMARY KEY (file_id, envelope_id, document_id, signed_at)
	);

	-- Version 1 kept one row per document of an envelope, the first signing's: a document signed again
	-- becomes a row of its own from now on (a row without a signing time keeps -infinity, "unknown").
	IF (SELECT indnatts FROM pg_index WHERE indrelid = 'skyslope_signed_documents'::regclass AND indisprimary) = 3 THEN
		UPDATE skyslope_signed_documents SET signed_at = '-infinity' WHERE signed_at IS NULL;
		ALTER TABLE skyslope_signed_documents ALTER COLUMN signed_at SET NOT NULL;
		ALTER TABLE skyslope_signed_documents DROP CONSTRAINT skyslope_signed_documents_pkey;
		ALTER TABLE skyslope_signed_documents ADD PRIMARY KEY (file_id, envelope_id, document_id, signed_at);
	END IF;

	-- The record's moment of change, for "same or newer": modifiedOn, else createdOn.
	CREATE OR REPLACE FUNCTION skyslope_changed_at(r jsonb) RETURNS timestamptz
	LANGUAGE sql STABLE AS $$
		SELECT coalesce(skyslope_time(r->>'modifiedOn'), skyslope_time(r->>'createdOn'))
	$$;

	CREATE OR REPLACE FUNCTION skyslope_mirror_listing(r jsonb) RETURNS text
	LANGUAGE plpgsql AS $$
	DECLARE
		guid text := nullif(btrim(r->>'listingGuid'), '');
	BEGIN
		IF guid IS NULL THEN
			RAISE EXCEPTION 'Not a SkySlope listing (no listingGuid): %', left(r::text, 300);
		END IF;
		INSERT INTO skyslope_listings AS t (
			listing_guid, status, mls_number, listing_price, listing_date, expiration_date, agent_guid, office_guid,
			checklist_type, street_number, street_address, unit, city, state, zip, total_commission,
			created_on, modified_on, record, mirrored_at
		) VALUES (
			guid, r->>'status', r->>'mlsNumber', skyslope_number(r->>'listingPrice'), skyslope_time(r->>'listingDate'),
			skyslope_time(r->>'expirationDate'), r->>'agentGuid', coalesce(r->>'officeGuid', r->'office'->>'guid'),
			r->>'checklistType', r->'property'->>'streetNumber', r->'property'->>'streetAddress', r->'property'->>'unit',
			r->'property'->>'city', r->'property'->>'state', coalesce(r->'property'->>'zip', r->'property'->>'zipCode'),
			skyslope_number(r->'commission'->>'totalCommission'),
			skyslope_time(r->>'createdOn'), skyslope_changed_at(r), r, now()
		)
		ON CONFLICT (listing_guid) DO UPDATE SET
			status = EXCLUDED.status, mls_number = EXCLUDED.mls_number, listing_price = EXCLUDED.listing_price,
			listing_date = EXCLUDED.listing_date, expiration_date = EXCLUDED.expiration_date,
			agent_guid = EXCLUDED.agent_guid, office_guid = EXCLUDED.office_guid, checklist_type = EXCLUDED.checklist_type,
			street_number = EXCLUDED.street_number, street_address = EXCLUDED.street_address, unit = EXCLUDED.unit,
			city = EXCLUDED.city, state = EXCLUDED.state, zip = EXCLUDED.zip, total_commission = EXCLUDED.total_commission,
			created_on = EXCLUDED.created_on, modified_on = EXCLUDED.modified_on, record = EXCLUDED.record,
			mirrored_at = CASE WHEN t.record IS DISTINCT FROM EXCLUDED.record THEN EXCLUDED.mirrored_at ELSE t.mirrored_at END
		WHERE t.modified_on IS NULL OR EXCLUDED.modified_on IS NULL OR EXCLUDED.modified_on >= t.modified_on;
		RETURN guid;
	END
	$$;

	CREATE OR REPLACE FUNCTION skyslope_mirror_sale(r jsonb) RETURNS text
	LANGUAGE plpgsql AS $$
	DECLARE
		guid text := nullif(btrim(r->>'saleGuid'), '');
	BEGIN
		IF guid IS NULL THEN
			RAISE EXCEPTION 'Not a SkySlope sale (no saleGuid): %', left(r::text, 300);
		END IF;
		INSERT INTO skyslope_sales AS t (
			sale_guid, listing_guid, status, mls_number, escrow_number, deal_type, listing_price, sale_price,
			contract_accepted_date, escrow_closing_date, actual_closing_date, agent_guid, office_guid, checklist_type,
			street_number, street_address, unit, city, state, zip, total_commission, listing_commission, sale_commission,
			created_on, modified_on, record, mirrored_at
		) VALUES (
			guid, nullif(r->>'listingGuid', ''), r->>'status', r->>'mlsNumber', r->>'escrowNumber', r->>'dealType',
			skyslope_number(r->>'listingPrice'), skyslope_number(r->>'salePrice'), skyslope_time(r->>'contractAcceptedDate'),
			skyslope_time(r->>'escrowClosingDate'), skyslope_time(r->>'actualClosingDate'), r->>'agentGuid',
			coalesce(r->>'officeGuid', r->'office'->>'guid'), r->>'checklistType',
			r->'property'->>'streetNumber', r->'property'->>'streetAddress', r->'property'->>'unit', r->'property'->>'city',
			r->'property'->>'state', coalesce(r->'property'->>'zip', r->'property'->>'zipCode'),
			skyslope_number(r->'commission'->>'totalCommission'), skyslope_number(r->'commission'->>'listingCommissionAmount'),
			skyslope_number(r->'commission'->>'saleCommissionAmount'),
			skyslope_time(r->>'createdOn'), skyslope_changed_at(r), r, now()
		)
		ON CONFLICT (sale_guid) DO UPDATE SET
			listing_guid = EXCLUDED.listing_guid, status = EXCLUDED.status, mls_number = EXCLUDED.mls_number,
			escrow_number = EXCLUDED.escrow_number, deal_type = EXCLUDED.deal_type, listing_price = EXCLUDED.listing_price,
			sale_price = EXCLUDED.sale_price, contract_accepted_date = EXCLUDED.contract_accepted_date,
			escrow_closing_date = EXCLUDED.escrow_closing_date, actual_closing_date = EXCLUDED.actual_closing_date,
			agent_guid = EXCLUDED.agent_guid, office_guid = EXCLUDED.office_guid, checklist_type = EXCLUDED.checklist_type,
			street_number = EXCLUDED.street_number, street_address = EXCLUDED.street_address, unit = EXCLUDED.unit,
			city = EXCLUDED.city, state = EXCLUDED.state, zip = EXCLUDED.zip, total_commission = EXCLUDED.total_commission,
			listing_commission = EXCLUDED.listing_commission, sale_commission = EXCLUDED.sale_commission,
			created_on = EXCLUDED.created_on, modified_on = EXCLUDED.modified_on, record = EXCLUDED.record,
			mirrored_at = CASE WHEN t.record IS DISTINCT FROM EXCLUDED.record THEN EXCLUDED.mirrored_at ELSE t.mirrored_at END
		WHERE t.modified_on IS NULL OR EXCLUDED.modified_on IS NULL OR EXCLUDED.modified_on >= t.modified_on;
		RETURN guid;
	END
	$$;

	-- A listing or a sale, by its objectType (what the export and the trigger give).
	CREATE OR REPLACE FUNCTION skyslope_mirror_file(r jsonb) RETURNS text
	LANGUAGE plpgsql AS $$
	BEGIN
		IF r ? 'saleGuid' AND coalesce(r->>'objectType', 'sale') = 'sale' THEN
			RETURN skyslope_mirror_sale(r);
		ELSIF r ? 'listingGuid' AND coalesce(r->>'objectType', 'listing') = 'listing' THEN
			RETURN skyslope_mirror_listing(r);
		END IF;
		RAISE EXCEPTION 'Neither a SkySlope listing nor a sale (objectType %): %', coalesce(r->>'objectType', 'none'), left(r::text, 300);
	END
	$$;

	-- An offer: its latest version wins (ModificationTimestamp, then OfferVersionNumber).
	CREATE OR REPLACE FUNCTION skyslope_mirror_offer(r jsonb) RETURNS text
	LANGUAGE plpgsql AS $$
	DECLARE
		id text := nullif(btrim(r->>'OfferId'), '');
		-- The SkySlope Trigger adds `event` (new or updated), and may add `previousVersionUnknown` and
		-- `notice`, beside the offer: not part of the record.
		rec jsonb := r - 'event' - 'previousVersionUnknown' - 'notice';
		terms jsonb := coalesce(r->'OfferTerms', '{}'::jsonb);
		place jsonb := coalesce(r->'OfferProperty', '{}'::jsonb);
	BEGIN
		IF id IS NULL THEN
			RAISE EXCEPTION 'Not a SkySlope offer (no OfferId): %', left(r::text, 300);
		END IF;
		INSERT INTO skyslope_offers AS t (
			offer_id, listing_id, agent_id, offer_status, offer_price, earnest_money, buyer_financing, offer_closing_date,
			offer_expiration_date, version_number, street_number, street_name, city, postal_code, submitted_at, modified_at,
			record, mirrored_at
		) VALUES (
			id, place->>'ListingId', place->>'OfferAgentId', terms->>'OfferStatus', skyslope_number(terms->>'OfferPrice'),
			skyslope_number(terms->>'EarnestMoney'), terms->>'BuyerFinancing', skyslope_time(terms->>'OfferClosingDate'),
			skyslope_time(terms->>'OfferExpirationDate'), (skyslope_number(terms->>'OfferVersionNumber'))::integer,
			place->>'StreetNumber', place->>'StreetName', place->>'City', place->>'PostalCode',
			skyslope_time(r->>'OfferSubmissionDate'), skyslope_time(r->>'ModificationTimestamp'), rec, now()
		)
		ON CONFLICT (offer_id) DO UPDATE SET
			listing_id = EXCLUDED.listing_id, agent_id = EXCLUDED.agent_id, offer_status = EXCLUDED.offer_status,
			offer_price = EXCLUDED.offer_price, earnest_money = EXCLUDED.earnest_money, buyer_financing = EXCLUDED.buyer_financing,
			offer_closing_date = EXCLUDED.offer_closing_date, offer_expiration_date = EXCLUDED.offer_expiration_date,
			version_number = EXCLUDED.version_number, street_number = EXCLUDED.street_number, street_name = EXCLUDED.street_name,
			city = EXCLUDED.city, postal_code = EXCLUDED.postal_code, submitted_at = EXCLUDED.submitted_at,
			modified_at = EXCLUDED.modified_at, record = EXCLUDED.record, mirrored_at = CASE WHEN t.record IS DISTINCT FROM EXCLUDED.record THEN EXCLUDED.mirrored_at ELSE t.mirrored_at END
		WHERE (EXCLUDED.modified_at, coalesce(EXCLUDED.version_number, 0))
			>= (coalesce(t.modified_at, '-infinity'), coalesce(t.version_number, 0));
		RETURN id;
	END
	$$;

	-- One signed document of a signing: an item of the Signing Trigger with "One Item per Signed
	-- Document", or of Signed Document > Get Many (the reconcile). Keyed by file, envelope, document
	-- and signing time: the same signing written again (a repeated notification, the reconcile) changes
	-- nothing but a missing `received_at`; a document signed again is a new row. Without a signing time
	-- (the trigger could not read the signed-document list) the write fails, saying so: the reconcile
	-- writes it once the list can be read.
	CREATE OR REPLACE FUNCTION skyslope_mirror_signed_document(r jsonb) RETURNS text
	LANGUAGE plpgsql AS $$
	DECLARE
		file bigint := (skyslope_number(r->>'fileId'))::bigint;
		envelope text := nullif(btrim(coalesce(r->>'envelopeId', r->>'formsEnvelopeId')), '');
		document bigint := (skyslope_number(r->>'documentId'))::bigint;
		signed timestamptz := skyslope_time(r->>'dateSigned');
	BEGIN
		IF file IS NULL OR envelope IS NULL OR document IS NULL THEN
			RAISE EXCEPTION 'Not a SkySlope signed document (fileId %, envelopeId %, documentId %): %',
				coalesce(file::text, 'none'), coalesce(envelope, 'none'), coalesce(document::text, 'none'), left(r::text, 300);
		END IF;
		IF signed IS NULL THEN
			RAISE EXCEPTION 'Signed document % of file % has no signing time (dateSigned)%', document, file,
				coalesce(': ' || (r->>'signedDocumentsError'), '');
		END IF;
		INSERT INTO skyslope_signed_documents AS t (
			file_id, envelope_id, document_id, forms_envelope_id, envelope_document_id, envelope_name, document_name,
			file_name, signed_at, received_at, record, mirrored_at
		) VALUES (
			file, envelope, document, (skyslope_number(r->>'formsEnvelopeId'))::bigint,
			(skyslope_number(r->>'envelopeDocumentId'))::bigint, r->>'envelopeName', r->>'documentName',
			coalesce(r->>'filename', r->>'fileName'), signed, skyslope_time(r->>'receivedAt'), r, now()
		)
		ON CONFLICT (file_id, envelope_id, document_id, signed_at) DO UPDATE SET received_at = coalesce(t.received_at, EXCLUDED.received_at);
		RETURN file || '/' || envelope || '/' || document || '@' || signed;
	END
	$$;

	-- What this script sets up: a run that finds this version in place ends at once.
	CREATE OR REPLACE FUNCTION skyslope_mirror_schema_version() RETURNS integer
	LANGUAGE sql IMMUTABLE AS $$ SELECT 2 $$;
END
$schema$;
