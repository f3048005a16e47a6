-- Refunds (issue 15): a membership whose order the treasurer refunded becomes Cancelled. Cancelled does
-- not count for eligibility (the level can be bought again); the cancellation is kept with the decisions.
ALTER TABLE memberships
  DROP CONSTRAINT memberships_status_check,
  ADD CONSTRAINT memberships_status_check CHECK (status IN ('Active', 'Pending', 'Current', 'Rejected', 'Expired', 'Cancelled'));

ALTER TABLE membership_decisions
  DROP CONSTRAINT membership_decisions_decision_check,
  ADD CONSTRAINT membership_decisions_decision_check CHECK (decision IN ('approved', 'rejected', 'cancelled'));
