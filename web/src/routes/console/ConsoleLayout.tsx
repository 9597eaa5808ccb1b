import { Box, Center, chakra, Grid, Heading } from '@chakra-ui/react';
import { Suspense, useEffect, useRef } from 'react';
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

/** Where the skip link leads: the screen on display. */
const MAIN_ID = 'conteudo';

/**
 * The keyboard goes to the screen's main content when a navigation left it nowhere (on the page
 * body): after sign-in, a menu link, the quick switcher. A screen that placed it itself (the opened
 * document's heading, whose effect runs first) keeps it.
 */
function useFocusOnNavigation(shown: boolean) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const active = document.activeElement;
    if (shown && (!active || active === document.body)) main.current?.focus({ preventScroll: true });
  }, [pathname, shown]);
  return main;
}

/** 'Pular para o conteúdo': the page's first stop for the keyboard, seen only when it has the focus. */
function SkipLink() {
  return (
    <chakra.a
      href={`#${MAIN_ID}`}
      position="fixed"
      top="2"
      left="2"
      zIndex="max"
      px="4"
      py="2"
      bg="panel"
      color="fg"
      borderWidth="1px"
      rounded="md"
      shadow="md"
      fontSize="sm"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'blue.600' }}
      onClick={(event) => {
        // Focus, not a #hash in the URL (the router would take it as a navigation).
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Pular para o conteúdo
    </chakra.a>
  );
}

function ConsoleShell() {
  const { status, projects, current } = useProjects();
  useProjectSwitchRequests();
  const main = useFocusOnNavigation(status === 'ready' && !!current);

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
      <SkipLink />
      <Box gridColumn="1 / -1">
        <ConsoleHeader />
      </Box>
      <Box bg="panel" borderRightWidth="1px" minH="0">
        <CollectionsMenu projectId={current.id} />
      </Box>
      <Box as="main" ref={main} id={MAIN_ID} tabIndex={-1} minH="0" minW="0" overflow="hidden" _focus={{ outline: 'none' }}>
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
