CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"title" text NOT NULL,
	"path" text,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"mobile" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ident" text NOT NULL,
	"title" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "permissions_ident_unique" UNIQUE("ident")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'staff' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "route_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"permission_id" integer NOT NULL,
	"pattern" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'staff' NOT NULL,
	"user_id" integer,
	"guest_id" integer,
	"role_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	CONSTRAINT "settings_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile" text,
	"email" text,
	"national_code" text,
	"status" text DEFAULT 'active' NOT NULL,
	"has_change_pass" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"province_id" integer NOT NULL,
	"county" text NOT NULL,
	"county_code" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	CONSTRAINT "cities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "industries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"iso" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "provinces_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "board_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"board_id" integer NOT NULL,
	"holder_type" text NOT NULL,
	"holder_legal_id" integer,
	"holder_true_id" integer,
	"representative_id" integer,
	"position" text DEFAULT 'member' NOT NULL,
	"is_executive" boolean DEFAULT false NOT NULL,
	"is_independent" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"term_start" date,
	"term_end" date,
	"approved_by_assembly" boolean DEFAULT false NOT NULL,
	"ceo_id" integer
);
--> statement-breakpoint
CREATE TABLE "shareholdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"holder_type" text NOT NULL,
	"holder_legal_id" integer,
	"holder_true_id" integer,
	"share_count" numeric(24, 0) NOT NULL,
	"percentage" numeric(9, 6) NOT NULL,
	"share_class" text DEFAULT 'common' NOT NULL,
	"valid_from" date,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"role_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"rid" text,
	"oid" text,
	"page_path" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "blocked_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"reason" text NOT NULL,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"unblocked_at" timestamp with time zone,
	"unblocked_by" integer
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"user_id" integer,
	"ip" text,
	"user_agent" text,
	"method" text DEFAULT 'password' NOT NULL,
	"success" boolean NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "sms_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"mobile" text NOT NULL,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_person_id" integer NOT NULL,
	"name" text NOT NULL,
	"city_id" integer,
	"address" text,
	"phone" text,
	"manager" text
);
--> statement-breakpoint
CREATE TABLE "contact_message_seen" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'company' NOT NULL,
	"national_id" text,
	"registration_number" text,
	"registration_date" date,
	"registration_city_id" integer,
	"legal_form" text,
	"economic_code" text,
	"ownership_type" text,
	"registered_capital" numeric(24, 0),
	"share_count" numeric(24, 0),
	"nominal_share_value" numeric(24, 0),
	"industry_id" integer,
	"supervising_body_id" integer,
	"is_listed" boolean DEFAULT false NOT NULL,
	"ticker" text,
	"isin" text,
	"market" text,
	"tsetmc_inscode" text,
	"fiscal_year_end" text,
	"auditor" text,
	"status" text DEFAULT 'active' NOT NULL,
	"address" text,
	"postal_code" text,
	"phone" text,
	"website" text,
	"employees" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_persons_nationalId_unique" UNIQUE("national_id")
);
--> statement-breakpoint
CREATE TABLE "true_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"father_name" text,
	"national_code" text,
	"birth_certificate_number" text,
	"birth_date" date,
	"birth_city_id" integer,
	"gender" text,
	"mobile" text,
	"email" text,
	"education_level" text,
	"field_of_study" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "true_persons_nationalCode_unique" UNIQUE("national_code")
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_permissions" ADD CONSTRAINT "route_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_holder_legal_id_legal_persons_id_fk" FOREIGN KEY ("holder_legal_id") REFERENCES "public"."legal_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_holder_true_id_true_persons_id_fk" FOREIGN KEY ("holder_true_id") REFERENCES "public"."true_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_seats" ADD CONSTRAINT "board_seats_representative_id_true_persons_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."true_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_company_id_legal_persons_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_ceo_id_true_persons_id_fk" FOREIGN KEY ("ceo_id") REFERENCES "public"."true_persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholdings" ADD CONSTRAINT "shareholdings_company_id_legal_persons_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholdings" ADD CONSTRAINT "shareholdings_holder_legal_id_legal_persons_id_fk" FOREIGN KEY ("holder_legal_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholdings" ADD CONSTRAINT "shareholdings_holder_true_id_true_persons_id_fk" FOREIGN KEY ("holder_true_id") REFERENCES "public"."true_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_legal_person_id_legal_persons_id_fk" FOREIGN KEY ("legal_person_id") REFERENCES "public"."legal_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message_seen" ADD CONSTRAINT "contact_message_seen_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_persons" ADD CONSTRAINT "legal_persons_registration_city_id_cities_id_fk" FOREIGN KEY ("registration_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_persons" ADD CONSTRAINT "legal_persons_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "true_persons" ADD CONSTRAINT "true_persons_birth_city_id_cities_id_fk" FOREIGN KEY ("birth_city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_codes_mobile_purpose_index" ON "otp_codes" USING btree ("mobile","purpose");--> statement-breakpoint
CREATE INDEX "route_permissions_permission_id_index" ON "route_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cities_province_id_index" ON "cities" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "board_seats_board_id_index" ON "board_seats" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "board_seats_representative_id_index" ON "board_seats" USING btree ("representative_id");--> statement-breakpoint
CREATE INDEX "board_seats_holder_true_id_index" ON "board_seats" USING btree ("holder_true_id");--> statement-breakpoint
CREATE INDEX "boards_company_id_index" ON "boards" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "shareholdings_company_id_index" ON "shareholdings" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "shareholdings_holder_legal_id_index" ON "shareholdings" USING btree ("holder_legal_id");--> statement-breakpoint
CREATE INDEX "shareholdings_holder_true_id_index" ON "shareholdings" USING btree ("holder_true_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_id_index" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_index" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "blocked_ips_ip_index" ON "blocked_ips" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "login_log_at_index" ON "login_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sms_log_at_index" ON "sms_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "branches_legal_person_id_index" ON "branches" USING btree ("legal_person_id");--> statement-breakpoint
CREATE INDEX "contact_message_seen_user_id_message_id_index" ON "contact_message_seen" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "contacts_owner_type_owner_id_index" ON "contacts" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "legal_persons_industry_id_index" ON "legal_persons" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "legal_persons_supervising_body_id_index" ON "legal_persons" USING btree ("supervising_body_id");--> statement-breakpoint
CREATE INDEX "legal_persons_status_kind_index" ON "legal_persons" USING btree ("status","kind");--> statement-breakpoint
CREATE INDEX "legal_persons_capital_idx" ON "legal_persons" USING btree ("registered_capital" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "legal_persons_name_idx" ON "legal_persons" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "legal_persons_search_trgm" ON "legal_persons" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "true_persons_name_idx" ON "true_persons" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "true_persons_search_trgm" ON "true_persons" USING gin ("search_text" gin_trgm_ops);