CREATE TABLE "channel_channel_types" (
	"channel_id" varchar(24) NOT NULL,
	"channel_type_id" varchar(24) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "channel_channel_types_channel_id_channel_type_id_pk" PRIMARY KEY("channel_id","channel_type_id")
);
--> statement-breakpoint
CREATE TABLE "channel_types" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"channel_type_name" varchar(120) NOT NULL,
	"channel_type_exp" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_id" varchar(24) NOT NULL,
	"channel_name" varchar(120) NOT NULL,
	"channel_name_en" varchar(120) NOT NULL,
	"channel_exp" text NOT NULL,
	"channel_exp_en" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_id" varchar(64),
	"channel_ui_allowed" boolean DEFAULT false NOT NULL,
	"channel_single_participation" boolean DEFAULT false NOT NULL,
	"channel_permission_allow" boolean DEFAULT false NOT NULL,
	"channel_teacher_form_allowed" boolean DEFAULT false NOT NULL,
	"channel_detail_payment_form_allowed" boolean DEFAULT false NOT NULL,
	"channel_payment_form_allowed" boolean DEFAULT false NOT NULL,
	"channel_cdp_data_entry" boolean DEFAULT false NOT NULL,
	"channel_cdp_receipt_entry" boolean DEFAULT false NOT NULL,
	"channel_status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_channel_types" ADD CONSTRAINT "channel_channel_types_channel_id_channels__id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_channel_types" ADD CONSTRAINT "channel_channel_types_channel_type_id_channel_types__id_fk" FOREIGN KEY ("channel_type_id") REFERENCES "public"."channel_types"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_types" ADD CONSTRAINT "channel_types_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_channel_types_type" ON "channel_channel_types" USING btree ("channel_type_id");--> statement-breakpoint
CREATE INDEX "channel_types_location" ON "channel_types" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "channels_location" ON "channels" USING btree ("location_id");