import { ResumeDocument } from '../print/resume-document.tsx';
import { useGuest } from './guest-context.tsx';
import { looseMessages, StepFrame, useStepForm } from './step-frame.tsx';
import { ownDocumentUrl } from './upload-field.tsx';

/** Step 7: everything read only, with "edit" links to the steps; submit sends it for good. */
export function ReviewStep() {
  const { state, send } = useGuest();
  const form = useStepForm<Record<string, never>>(7, () => ({}));
  const resume = state.context.resume;
  return (
    <StepFrame
      step={7}
      onSubmit={() => send({ type: 'guest.save', values: {} })}
      submitLabel="ارسال نهایی رزومه"
      messages={looseMessages([form.server], () => false)}
      lead="رزومه را بازبینی کنید. پس از ارسال، دیگر ویرایش نمی‌شود."
    >
      {resume && (
        <ResumeDocument
          resume={resume}
          fileUrl={ownDocumentUrl}
          onEdit={(step) => send({ type: 'guest.goStep', step })}
        />
      )}
    </StepFrame>
  );
}
