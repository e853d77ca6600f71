import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { ResumeStep } from '~/contract/resume.ts';
import { useSettings } from '~/lib/settings.ts';
import { Button } from '~/ui/button.tsx';
import { formatDateTime } from '~/ui/format.ts';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { ResumeDocument } from '../print/resume-document.tsx';
import { currentStep, GuestProvider, useGuest } from './guest-context.tsx';
import { IdentifyCard } from './identify-card.tsx';
import { ProvisionsStep, TermsStep } from './step-declarations.tsx';
import { DocumentsStep } from './step-documents.tsx';
import { EducationStep } from './step-education.tsx';
import { ExperienceStep } from './step-experience.tsx';
import { PersonalStep } from './step-personal.tsx';
import { ReviewStep } from './step-review.tsx';
import { Stepper } from './stepper.tsx';
import * as s from './styles.ts';
import { ownDocumentUrl } from './upload-field.tsx';

const FORMS: Record<ResumeStep, ComponentType> = {
  1: PersonalStep,
  2: EducationStep,
  3: ExperienceStep,
  4: ProvisionsStep,
  5: TermsStep,
  6: DocumentsStep,
  7: ReviewStep,
};

/** /resume/add: the applicant's whole flow, drawn from the guestResume statechart. */
export function ResumeAddScreen() {
  return (
    <GuestProvider>
      <GuestFlow />
    </GuestProvider>
  );
}

function GuestFlow() {
  const { state, send } = useGuest();
  const settings = useSettings();
  const step = currentStep(state);
  let body: React.ReactNode;
  if (state.matches('restoring') || state.matches('leaving')) {
    body = (
      <div className={s.card}>
        <SkeletonRows rows={4} columns={2} />
      </div>
    );
  } else if (state.matches('submitted') && state.context.resume) {
    const r = state.context.resume;
    body = (
      <section className={s.wideCard} aria-labelledby="guest-submitted-title">
        <h1 id="guest-submitted-title" className={s.heading} tabIndex={-1}>
          رزومه شما ارسال شد
        </h1>
        <p role="status" className={s.note}>
          {`رزومه در ${formatDateTime(r.guest.submitted_at)} ارسال شد و دیگر ویرایش نمی‌شود. نتیجه بررسی از راه شماره همراه شما اعلام می‌شود.`}
        </p>
        <div className={s.nav} style={{ borderTop: 'none', marginBlockEnd: 16 }}>
          <Link to="/resume/print" className={s.printLink}>
            نسخه چاپی رزومه
          </Link>
          <Button tone="ghost" onClick={() => send({ type: 'guest.leave' })}>
            خروج
          </Button>
        </div>
        <ResumeDocument resume={r} fileUrl={ownDocumentUrl} />
      </section>
    );
  } else if (step && state.hasTag('guest')) {
    const Form = FORMS[step];
    body = (
      <section className={s.wideCard}>
        <h1 className={s.srOnly}>ثبت رزومه</h1>
        <Stepper current={step} />
        <Form key={step} />
      </section>
    );
  } else {
    body = <IdentifyCard />;
  }
  return (
    <div className={s.page}>
      <div className={s.brand}>
        <img src={settings.logo} alt="" width={32} height={32} />
        <span>{settings.app_name}</span>
      </div>
      {body}
    </div>
  );
}
