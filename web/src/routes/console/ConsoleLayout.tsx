import { Box, Center, Grid, Heading } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isAdmin, type AccessClaims } from '@console/shared';
import { useAuth } from '../../app/auth-context';
import { PageLoading } from '../../app/page-states';
import { ProjectProvider, useProjects } from '../../app/project-context';
import { CollectionsMenu } from './components/collections-menu';
import { ConsoleHeader, type SwitchProjectState } from './components/console-header';
import { NoAccess } from './components/no-access';
import { CustomerEmailDrawer } from '../../customers/CustomerEmailDrawer';

function hasAnyProject(claims: AccessClaims | null): claims is AccessClaims {
  return !!claims && (isAdmin(claims) || claims.projects.length > 0);
}

/** Applies a project switch requested by the header, or by a `?project=` deep link. */
function useProjectSwitchRequests() {
  const { projects, current, selectProject } = useProjects();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requested = (location.state as Partial<SwitchProjectState> | null)?.switchProject;
  // On the cross-store event feed, `?project=` names the store of the customer being opened
  // (document 2 §2), not a request to switch the console to that store.
  const customerOfAnotherStore = location.pathname.startsWith('/console/events') && searchParams.has('customerId');
  const linked = customerOfAnotherStore ? null : searchParams.get('project');

  useEffect(() => {
    if (requested) {
      if (projects.some((p) => p.id === requested)) selectProject(requested);
      // Drop the request from history so going back never switches project again.
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [requested, projects, selectProject, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (linked && linked !== current?.id && projects.some((p) => p.id === linked)) selectProject(linked);
  }, [linked, current?.id, projects, selectProject]);
}

function ConsoleShell() {
  const { status, projects, current } = useProjects();
  useProjectSwitchRequests();

  if (status === 'loading') return <PageLoading standalone />;
  if (status === 'error')
    return (
      <Center as="main" h="full">
        <div role="alert">
          <Heading as="h1" size="md">
            Falha ao carregar os projetos.
          </Heading>
        </div>
      </Center>
    );
  if (projects.length === 0 || !current) return <NoAccess />;

  return (
    <Grid templateRows="auto 1fr" templateColumns="240px 1fr" h="100dvh" overflow="hidden">
      <Box gridColumn="1 / -1">
        <ConsoleHeader />
      </Box>
      <Box bg="panel" borderRightWidth="1px" minH="0">
        <CollectionsMenu projectId={current.id} />
      </Box>
      <Box as="main" minH="0" minW="0" overflow="hidden">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      {/* ?customerEmail= opens that customer over any screen (segment and campaign reports). */}
      <CustomerEmailDrawer />
    </Grid>
  );
}

export default function ConsoleLayout() {
  const { claims } = useAuth();
  if (!hasAnyProject(claims)) return <NoAccess />;
  return (
    <ProjectProvider claims={claims}>
      <ConsoleShell />
    </ProjectProvider>
  );
}
