// Demo seed (reference.mjs): reference data: the projects, the demo users, brands, cities and names.

export const PROJECTS = {
  main: {
    name: 'Loja Principal',
    domains: ['lojaprincipal.demo.test', 'www.lojaprincipal.demo.test'],
    domain: 'www.lojaprincipal.demo.test',
  },
  cookstore: {
    name: 'Cook Store',
    domains: ['cookstore.demo.test', 'www.cookstore.demo.test'],
    domain: 'www.cookstore.demo.test',
  },
  cdlbox: {
    name: 'CDL Box',
    domains: ['cdlbox.demo.test', 'www.cdlbox.demo.test'],
    domain: 'www.cdlbox.demo.test',
  },
};

export const USERS = [
  {
    uid: 'demo-admin',
    email: 'admin@demo.test',
    password: 'demo-admin-123',
    displayName: 'Ana Carolina Souza',
    claims: { role: 'admin', projects: ['main', 'cookstore', 'cdlbox'] },
  },
  {
    uid: 'demo-staff',
    email: 'staff@demo.test',
    password: 'demo-staff-123',
    displayName: 'Bruno Henrique Lima',
    claims: { role: 'staff', projects: ['main', 'cookstore'] },
  },
  {
    uid: 'demo-cdlbox',
    email: 'cdlbox@demo.test',
    password: 'demo-cdlbox-123',
    displayName: 'Carla Mendes Rocha',
    claims: { role: 'staff', projects: ['cdlbox'] },
  },
];

/** name, EAN-13 company prefix (fake, Brazilian 789/790 range). */
/** Catalogue key -> brand document id (the brand collection holds only an id, shown as is) and EAN prefix. */
export const BRANDS = {
  tramontina: { name: 'Tramontina', ean: '7891112' },
  brinox: { name: 'Brinox', ean: '7896457' },
  rochedo: { name: 'Rochedo', ean: '7891323' },
  mundial: { name: 'Mundial', ean: '7891095' },
  franke: { name: 'Franke', ean: '7898247' },
  debacco: { name: 'Debacco', ean: '7898952' },
  electrolux: { name: 'Electrolux', ean: '7896584' },
  oster: { name: 'Oster', ean: '7891129' },
  mondial: { name: 'Mondial', ean: '7899882' },
  arno: { name: 'Arno', ean: '7891182' },
  fischer: { name: 'Fischer', ean: '7898045' },
  mor: { name: 'Mor', ean: '7896020' },
  brastemp: { name: 'Brastemp', ean: '7896347' },
};

export const CITIES = [
  { city: 'São Paulo', state: 'SP', zip: ['01', '02', '03', '04', '05'], weight: 8, ip: '177.' },
  { city: 'Campinas', state: 'SP', zip: ['13'], weight: 2, ip: '189.' },
  { city: 'Santos', state: 'SP', zip: ['11'], weight: 1, ip: '187.' },
  { city: 'Ribeirão Preto', state: 'SP', zip: ['14'], weight: 1, ip: '189.' },
  { city: 'Rio de Janeiro', state: 'RJ', zip: ['20', '21', '22'], weight: 4, ip: '179.' },
  { city: 'Belo Horizonte', state: 'MG', zip: ['30', '31'], weight: 3, ip: '191.' },
  { city: 'Curitiba', state: 'PR', zip: ['80', '81'], weight: 2, ip: '200.' },
  { city: 'Florianópolis', state: 'SC', zip: ['88'], weight: 1, ip: '201.' },
  { city: 'Porto Alegre', state: 'RS', zip: ['90', '91'], weight: 3, ip: '186.' },
  { city: 'Caxias do Sul', state: 'RS', zip: ['95'], weight: 2, ip: '186.' },
  { city: 'Salvador', state: 'BA', zip: ['40', '41'], weight: 2, ip: '177.' },
  { city: 'Recife', state: 'PE', zip: ['50', '51'], weight: 1, ip: '179.' },
  { city: 'Fortaleza', state: 'CE', zip: ['60'], weight: 1, ip: '191.' },
  { city: 'Brasília', state: 'DF', zip: ['70', '71'], weight: 2, ip: '200.' },
  { city: 'Goiânia', state: 'GO', zip: ['74'], weight: 1, ip: '187.' },
];

export const FIRST_NAMES = [
  'Ana', 'Beatriz', 'Camila', 'Daniela', 'Fernanda', 'Gabriela', 'Helena', 'Isabela', 'Juliana', 'Larissa',
  'Mariana', 'Natália', 'Patrícia', 'Renata', 'Sofia', 'Tatiane', 'Vanessa', 'André', 'Bruno', 'Carlos',
  'Diego', 'Eduardo', 'Felipe', 'Gustavo', 'Henrique', 'Igor', 'João', 'Lucas', 'Marcelo', 'Rafael',
  'Ricardo', 'Rodrigo', 'Thiago', 'Vinícius', 'Luíza', 'Otávio', 'Paulo', 'Sérgio', 'Cláudia', 'Márcia',
];
export const LAST_NAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Zanella', 'Bortolini', 'Pasqualotto',
];
export const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'terra.com.br', 'bol.com.br'];
