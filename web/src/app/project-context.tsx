import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { collection, doc, getDoc, onSnapshot } from 'firebase/firestore';
import { PROJECT_COLLECTION, isAdmin, type AccessClaims, type Project } from '@console/shared';
import { db } from '../lib/firestore';
import { SUPER_PROJECT_ID } from '../lib/env';

/** localStorage key of the chosen project, so a reload reopens the same store. */
export const CURRENT_PROJECT_STORAGE_KEY = 'console.currentProject';

export interface ProjectContextValue {
  status: 'loading' | 'ready' | 'error';
  /** The projects this user may open, by name. */
  projects: Project[];
  current: Project | null;
  selectProject(projectId: string): void;
}

const ProjectContext = createContext<ProjectContextValue | null>(null);

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base' });

function toProject(id: string, data: Record<string, unknown> | undefined): Project {
  const name = typeof data?.name === 'string' && data.name.trim() ? data.name : id;
  const domains = Array.isArray(data?.domains) ? data.domains.filter((d): d is string => typeof d === 'string') : [];
  return { id, name, domains };
}

function sortProjects(projects: Project[]): Project[] {
  return [...projects].sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

function readStoredProject(): string | null {
  try {
    return localStorage.getItem(CURRENT_PROJECT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeProject(projectId: string) {
  try {
    localStorage.setItem(CURRENT_PROJECT_STORAGE_KEY, projectId);
  } catch {
    // Private mode or storage full: the choice just won't survive a reload.
  }
}

/**
 * Admins list every project (a collection query); staff read each project of their claims by id,
 * because the security rules deny staff a list query on `project`.
 */
function useAccessibleProjects(claims: AccessClaims): Pick<ProjectContextValue, 'status' | 'projects'> {
  const [state, setState] = useState<Pick<ProjectContextValue, 'status' | 'projects'>>({
    status: 'loading',
    projects: [],
  });
  const admin = isAdmin(claims);
  const staffProjects = admin ? '' : claims.projects.join('\n');

  useEffect(() => {
    setState({ status: 'loading', projects: [] });
    if (admin) {
      return onSnapshot(
        collection(db, PROJECT_COLLECTION),
        (snapshot) =>
          setState({
            status: 'ready',
            projects: sortProjects(snapshot.docs.map((d) => toProject(d.id, d.data()))),
          }),
        () => setState({ status: 'error', projects: [] }),
      );
    }
    let active = true;
    const ids = staffProjects ? staffProjects.split('\n') : [];
    Promise.all(
      ids.map(async (id) => {
        try {
          const snapshot = await getDoc(doc(db, PROJECT_COLLECTION, id));
          return toProject(id, snapshot.data());
        } catch {
          // The claims are the source of truth for access; a missing name is shown as the id.
          return toProject(id, undefined);
        }
      }),
    ).then((projects) => active && setState({ status: 'ready', projects: sortProjects(projects) }));
    return () => {
      active = false;
    };
  }, [admin, staffProjects]);

  return state;
}

export function ProjectProvider({ claims, children }: { claims: AccessClaims; children: ReactNode }) {
  const { status, projects } = useAccessibleProjects(claims);
  const [chosenId, setChosenId] = useState<string | null>(readStoredProject);

  const current = useMemo(
    () => projects.find((p) => p.id === chosenId) ?? projects.find((p) => p.id === SUPER_PROJECT_ID) ?? projects[0] ?? null,
    [projects, chosenId],
  );

  useEffect(() => {
    if (current) storeProject(current.id);
  }, [current]);

  const selectProject = useCallback((projectId: string) => {
    setChosenId(projectId);
    storeProject(projectId);
  }, []);

  const value = useMemo(() => ({ status, projects, current, selectProject }), [status, projects, current, selectProject]);
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

export function useProjects(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProjects must be used inside <ProjectProvider>');
  return value;
}

/** The project being worked on; only call below the console shell, which renders once one is chosen. */
export function useCurrentProject(): Project {
  const { current } = useProjects();
  if (!current) throw new Error('No current project');
  return current;
}
