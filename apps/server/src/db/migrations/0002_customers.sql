CREATE TABLE "customer_consent_events" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_id" varchar(24) NOT NULL,
	"consent_channel" varchar(8) NOT NULL,
	"consent_granted" boolean NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_source" varchar(16) NOT NULL,
	"staff_admin_id" varchar(24),
	"client_address" varchar(64),
	"agreement_version" text
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"customer_phone" varchar(20) NOT NULL,
	"customer_name" varchar(50),
	"customer_surname" varchar(50),
	"customer_email" varchar(265),
	"customer_gender" varchar(8) DEFAULT 'unknown' NOT NULL,
	"customer_birthdate" date,
	"customer_address" varchar(300),
	"customer_province" varchar(100),
	"customer_district" varchar(100),
	"customer_locality" varchar(100),
	"customer_number_of_children" smallint,
	"customer_frequency" varchar(20),
	"customer_is_developer" boolean DEFAULT false NOT NULL,
	"customer_vehicle_plate" varchar(20),
	"customer_is_parent" boolean,
	"channel_id" varchar(24),
	"customer_favorite_region" varchar(100),
	"customer_favorite_category" varchar(100),
	"customer_push_token" text,
	"customer_sms_permission" boolean DEFAULT false NOT NULL,
	"customer_sms_permission_date" timestamp with time zone,
	"customer_email_permission" boolean DEFAULT false NOT NULL,
	"customer_email_permission_date" timestamp with time zone,
	"customer_call_permission" boolean DEFAULT false NOT NULL,
	"customer_call_permission_date" timestamp with time zone,
	"customer_kvkk_permission" boolean DEFAULT false NOT NULL,
	"customer_kvkk_permission_date" timestamp with time zone,
	"customer_deleted_at" timestamp with time zone,
	"customer_search" text GENERATED ALWAYS AS (lower(translate(coalesce(customer_name, '') || ' ' || coalesce(customer_surname, '') || ' ' || coalesce(customer_email, '') || ' ' || customer_phone, 'İIıŞşĞğÜüÖöÇç', 'iiissgguuoocc'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_consent_events" ADD CONSTRAINT "customer_consent_events_customer_id_customers__id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_events" ADD CONSTRAINT "customer_consent_events_staff_admin_id_admins__id_fk" FOREIGN KEY ("staff_admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_consent_events_customer" ON "customer_consent_events" USING btree ("customer_id","consent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_location_phone" ON "customers" USING btree ("location_id","customer_phone") WHERE "customers"."customer_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_location_created" ON "customers" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("customer_search" gin_trgm_ops);