import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { auditLogTableSql, type AuditActorIdType } from './audit-log.js';
import { migrationStatementsPerService, sqlStatements } from './testing/sql-statements.js';

/**
 * Each service with staff changes keeps its own copy of the audit_log table and its append-only trigger in
 * its migrations. The copy is pinned here rather than shared: a migration must not change once applied, so
 * it cannot import auditLogTableSql, and jscpd does not read .sql files, so nothing else would see two
 * copies drift apart. A new service (payments' treasurer's desk) copies auditLogTableSql verbatim and adds
 * its line to ACTOR_ID_TYPES; these tests catch any difference, statement for statement.
 */

const SERVICES_DIR = fileURLToPath(new URL('../../../services/', import.meta.url));

/** The services known to own an audit log, and how each keeps the actor's user id; a service not listed fails. */
const ACTOR_ID_TYPES: Readonly<Record<string, AuditActorIdType>> = { content: 'text', identity: 'integer', payments: 'integer' };
/** Those whose audit log is in the repository (payments' came with issue 15's treasurer's desk). */
const EXPECTED_OWNERS = ['content', 'identity', 'payments'];

/** The statements about the audit log: its table, index, append-only function and triggers. */
const aboutAuditLog = (statement: string) => /\baudit_log(\b|_append_only|_no_truncate|_action_idx)/i.test(statement);

describe('the audit_log table in the services\' migrations', () => {
  it('is defined by content, identity and payments (and any other service with an audit log)', async () => {
    const owners = [...(await migrationStatementsPerService(SERVICES_DIR, aboutAuditLog)).keys()];
    for (const service of EXPECTED_OWNERS) assert.ok(owners.includes(service), `services/${service}/migrations has no audit_log table`);
  });

  it('is exactly auditLogTableSql of @tca/service-kit in every service, statement for statement', async () => {
    const owners = await migrationStatementsPerService(SERVICES_DIR, aboutAuditLog);
    for (const [service, statements] of owners) {
      const actorIdType = ACTOR_ID_TYPES[service];
      assert.ok(actorIdType, `services/${service} has an audit_log: add it to ACTOR_ID_TYPES in this test`);
      assert.deepEqual(statements, sqlStatements(auditLogTableSql(actorIdType)), `services/${service}/migrations: the audit_log differs from auditLogTableSql('${actorIdType}') in @tca/service-kit`);
    }
  });
});

describe('auditLogTableSql as these tests read it', () => {
  it('is the table, its index, the function with its whole body and the two triggers', () => {
    const statements = sqlStatements(auditLogTableSql('integer'));
    assert.equal(statements.length, 5);
    assert.ok(statements.every(aboutAuditLog));
    assert.match(statements[2] ?? '', /^CREATE FUNCTION audit_log_append_only\(\).*RAISE EXCEPTION .*; END; \$\$$/);
  });

  it('tells a changed trigger or column apart', () => {
    const sql = auditLogTableSql('text');
    assert.notDeepEqual(sqlStatements(sql.replace('BEFORE UPDATE OR DELETE', 'BEFORE UPDATE')), sqlStatements(sql));
    assert.notDeepEqual(sqlStatements(sql.replace("'insufficient_privilege'", "'raise_exception'")), sqlStatements(sql));
    assert.notDeepEqual(sqlStatements(auditLogTableSql('integer')), sqlStatements(sql));
  });
});
