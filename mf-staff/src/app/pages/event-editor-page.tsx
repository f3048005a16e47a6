import { useParams } from '@tca/ui/router';
import { StaffGate } from '../../features/staff-access/components/staff-gate.js';
import { EventEditor } from '../../features/events/components/event-editor.js';
import { EventEditorLoader } from '../../features/events/components/event-editor-loader.js';

/** /staff/events/new (editors and owners): a new event. */
export function NewEventPage() {
  return <StaffGate roles={['editor']}>{() => <EventEditor event={null} />}</StaffGate>;
}

/** /staff/events/:key (editors and owners): the event's editor. */
export function EditEventPage() {
  const { key = '' } = useParams();
  return <StaffGate roles={['editor']}>{() => <EventEditorLoader key={key} eventKey={key} />}</StaffGate>;
}
