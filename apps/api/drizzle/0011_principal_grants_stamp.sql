ALTER TABLE "roles" ADD COLUMN "grants_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every authenticated call reads its principal (erp_principal). It returned the role's permission
-- rows each time (some 25 kB of JSON for an administrator) for the server to rebuild the grants.
-- The role now carries a stamp that any change to its permission rows bumps; the server keeps the
-- grants it built per role and stamp, and passes the stamp it holds: the rows come back only when
-- the stamp differs. A write to role_permissions is always made with its tenant set (FORCEd RLS),
-- so the role row is visible to the trigger's update.
CREATE OR REPLACE FUNCTION erp_role_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE roles SET grants_stamp = grants_stamp + 1 WHERE tenant_id = OLD.tenant_id AND role_id = OLD.role_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.role_id IS DISTINCT FROM OLD.role_id OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id) THEN
    UPDATE roles SET grants_stamp = grants_stamp + 1 WHERE tenant_id = NEW.tenant_id AND role_id = NEW.role_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER role_permissions_grants_stamp AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION erp_role_grants_changed();
--> statement-breakpoint
DROP FUNCTION erp_principal(uuid, uuid);
--> statement-breakpoint
-- Principals of several users of one tenant in one statement (the calls that wait together for
-- theirs): per user id, the user, the role's stamp and, only when the stamp given for that user is
-- not the role's stamp, the role's permission rows. Only the connecting (owner) role may call it.
CREATE FUNCTION erp_principals(p_tenant uuid, p_users uuid[], p_stamps bigint[]) RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN (
    SELECT coalesce(json_object_agg(u.user_id, json_build_object('status', u.status, 'version', u.token_version, 'roleId', u.role_id, 'companyId', u.company_id, 'stamp', r.grants_stamp,
      'rows', CASE WHEN r.grants_stamp IS DISTINCT FROM a.stamp THEN
               (SELECT coalesce(json_agg(json_build_object('module', p.module, 'routeGroup', p.route_group, 'pageLink', p.page_link, 'operations', p.operations)), '[]'::json)
                FROM role_permissions p WHERE p.tenant_id = p_tenant AND p.role_id = u.role_id) END)), '{}'::json)
    FROM unnest(p_users, p_stamps) AS a(user_id, stamp)
    JOIN users u ON u.tenant_id = p_tenant AND u.user_id = a.user_id
    LEFT JOIN roles r ON r.tenant_id = u.tenant_id AND r.role_id = u.role_id);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION erp_principals(uuid, uuid[], bigint[]) FROM PUBLIC;
