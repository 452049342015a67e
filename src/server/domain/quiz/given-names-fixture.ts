/**
 * Real given names and their everyday diminutives, as a class types them for a quiz nickname
 * (issue 25): Spanish, Latin American, Catalan, Basque, Galician, English, Portuguese, Italian,
 * French, German, Arabic, Amazigh, Romanian, Slavic, Chinese, Japanese, Korean, Indian,
 * Vietnamese and Filipino names. Names are facts; these were written from common usage, not
 * picked against the lists. None may be refused as a nickname (nickname.test.ts).
 */
const names = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

export const GIVEN_NAMES: readonly string[] = names(`
  Antonio, Toño, Toni, Manuel, Manolo, Manu, José, Pepe, Pepito, Josema, Chema, Francisco, Paco
  Paquito, Curro, Fran, Pancho, Panchito, Juan, Juanito, Juanjo, Juanma, David, Daniel, Dani
  Javier, Javi, Jesús, Chus, Chucho, Chuy, Carlos, Carlitos, Alejandro, Álex, Jandro, Miguel
  Migue, Rafael, Rafa, Pedro, Perico, Pablo, Ángel, Fernando, Nando, Luis, Luisito, Lucho
  Sergio, Jorge, Coque, Alberto, Berto, Tito, Álvaro, Diego, Adrián, Raúl, Enrique, Kike, Quique
  Ramón, Moncho, Vicente, Chente, Ignacio, Nacho, Iñaki, Andrés, Rubén, Óscar, Santiago, Santi
  Joaquín, Chimo, Quino, Emilio, Guillermo, Memo, Guille, Eduardo, Edu, Lalo, Roberto, Beto
  Rober, Mario, Marcos, Hugo, Martín, Lucas, Mateo, Leo, Nicolás, Nico, Gonzalo, Gonzo, Tomás
  Gabriel, Gabi, Jaime, Ricardo, Richi, Ernesto, Neto, Gerardo, Lolo, Rodrigo, Rodri, Ismael
  Héctor, Agustín, Tino, Julio, Julián, Samuel, Sami, Marcelo, Esteban, Teodoro, Teo, Gustavo
  Tavo, Armando, Octavio, Bruno, Iván, Aitor, Felipe, Pipe, Gregorio, Goyo, Isidro, Mauricio
  Mauro, Horacio, Saúl, Josué, Benjamín, Benja, Facundo, Facu, Agus, Nahuel, Lautaro, Thiago
  Bautista, Bauti, Maximiliano, Maxi, Joaco, Franco, Gastón, Sebastián, Sebas, Matías, Mati
  Rodolfo, Fito, Ezequiel, Eze, Cristian, Brayan, Jhon, Yeison, Wilmer, Freddy, Jairo, Edwin
  Alfonso, Poncho, Adolfo, Fofo, Arturo, Gilberto, Gil, Patricio, Pato, Lorenzo, Renzo, Fermín
  María, Mari, Maruja, Maripili, Mari Carmen, Mamen, Carmen, Carmencita, Menchu, Josefa, Pepa
  Pepita, Fina, Isabel, Isa, Chabela, Ana, Anita, Laura, Lau, Cristina, Cris, Marta, Lucía
  Lucy, Pilar, Pili, Dolores, Lola, Loli, Rosario, Charo, Concepción, Concha, Conchi, Conchita
  Encarnación, Encarna, Asunción, Asun, Mercedes, Merche, Mercha, Montserrat, Montse, Rocío
  Rosa, Rosi, Teresa, Tere, Maite, Inmaculada, Inma, Purificación, Puri, Consuelo, Chelo
  Soledad, Sole, Remedios, Reme, Milagros, Mila, Paula, Elena, Nena, Sara, Raquel, Beatriz
  Bea, Nuria, Silvia, Patricia, Patri, Sandra, Mónica, Eva, Irene, Andrea, Alicia, Ali, Sofía
  Sofi, Valeria, Vale, Martina, Julia, Emma, Alba, Noa, Paola, Daniela, Dani, Camila, Cami
  Valentina, Ximena, Jimena, Fernanda, Fer, Guadalupe, Lupe, Lupita, Lupita, Socorro, Coco
  Yolanda, Yoli, Susana, Susi, Victoria, Vicky, Verónica, Vero, Natalia, Nati, Catalina, Cata
  Francisca, Paca, Paquita, Panchita, Juana, Juani, Manuela, Manoli, Antonia, Toñi, Petra
  Gertrudis, Tula, Refugio, Cuca, Rebeca, Judith, Ruth, Esther, Míriam, Noelia, Lorena, Tamara
  Vanesa, Jessica, Yésica, Estefanía, Fanny, Graciela, Chela, Macarena, Maca, Araceli, Celia
  Rosalía, Trinidad, Trini, Begoña, Ainhoa, Itziar, Nerea, Leire, Amaia, Aitana, Abril, Luna
  Jordi, Pau, Marc, Arnau, Pol, Oriol, Roger, Jaume, Joan, Pere, Josep, Xavi, Quim, Biel, Martí
  Ferran, Lluís, Guillem, Nil, Bernat, Txell, Mireia, Núria, Laia, Aina, Neus, Meritxell, Roser
  Gemma, Queralt, Berta, Ona, Jana, Ariadna, Lluc, Genís, Eudald, Pep, Cesc, Xesc, Tià, Quico
  Cinta, Assumpta, Remei, Dolors, Rut, Iu, Xènia, Mercè, Sió, Quimet, Jep, Ton, Tonet, Nuri
  Iker, Mikel, Xabier, Eneko, Jon, Ander, Oier, Unai, Asier, Gorka, Koldo, Josu, Urko, Julen
  Peio, Kepa, Txema, Txomin, Patxi, Imanol, Ekaitz, Beñat, Odei, Aritz, Iñigo, Jokin, Gotzon
  Ibai, Ekain, Garazi, Maialen, Izaro, Haizea, Uxue, Irati, Edurne, Arantxa, Idoia, Alaitz
  Nahia, Zuriñe, Oihana, Ziortza, Arrate, Enara, Lur, Ane, Miren, Itxaso, Libe, Malen, Naroa
  Xoán, Xosé, Uxía, Iria, Breixo, Antía, Brais, Xiana, Sabela, Uxío, Anxo, Xurxo, Maruxa
  Xacobe, Roi, Martiño, Fiz, Lois, Olalla, Xulia, Carme, Iago, Tareixa, Ledicia, Xela, Xoel
  Icía, Saínza, Xián, Xaquín, Manecho, Cibrán, Uxe, Alexandre
  James, Jim, Jimmy, John, Johnny, Jack, Robert, Rob, Bob, Bobby, Michael, Mike, Mick, William
  Will, Bill, Billy, Willy, David, Dave, Richard, Rick, Dick, Joseph, Joe, Joey, Thomas, Tom
  Tommy, Charles, Charlie, Chuck, Christopher, Chris, Daniel, Danny, Matthew, Matt, Anthony
  Tony, Mark, Donald, Don, Steven, Steve, Paul, Andrew, Andy, Drew, Joshua, Josh, Kenneth, Ken
  Kevin, Brian, George, Timothy, Tim, Ronald, Ron, Edward, Ed, Eddie, Ned, Jason, Jeff, Ryan
  Jacob, Jake, Gary, Nick, Eric, Jonathan, Stephen, Larry, Justin, Scott, Brandon, Ben, Benny
  Samuel, Sam, Gregory, Greg, Frank, Alexander, Patrick, Pat, Raymond, Ray, Jack, Dennis
  Jerry, Tyler, Aaron, Jose, Adam, Henry, Hank, Harry, Nathan, Nate, Douglas, Doug, Zachary
  Zach, Peter, Pete, Kyle, Walter, Wally, Ethan, Jeremy, Harold, Keith, Christian, Roger
  Noah, Gerald, Carl, Terry, Sean, Austin, Arthur, Art, Lawrence, Jesse, Dylan, Bryan, Joe
  Jordan, Billy, Bruce, Albert, Willie, Gabriel, Logan, Alan, Juan, Wayne, Roy, Ralph, Randy
  Eugene, Vincent, Russell, Elijah, Louis, Bobby, Philip, Phil, Johnny, Liam, Oliver, Ollie
  Mary, Patricia, Patty, Jennifer, Jenny, Jen, Linda, Elizabeth, Liz, Lizzy, Beth, Betty
  Barbara, Barb, Susan, Sue, Jessica, Jess, Sarah, Karen, Nancy, Lisa, Betty, Margaret, Maggie
  Peggy, Meg, Sandra, Ashley, Kimberly, Kim, Emily, Donna, Michelle, Dorothy, Dot, Carol
  Amanda, Mandy, Melissa, Deborah, Debbie, Deb, Stephanie, Rebecca, Becky, Sharon, Laura
  Cynthia, Cindy, Kathleen, Kathy, Kate, Katie, Amy, Shirley, Angela, Angie, Helen, Anna
  Brenda, Pamela, Pam, Nicole, Nikki, Emma, Samantha, Sammy, Katherine, Kat, Christine
  Christy, Debra, Rachel, Carolyn, Janet, Catherine, Maria, Heather, Diane, Ruth, Julie
  Olivia, Joyce, Virginia, Ginny, Victoria, Tori, Kelly, Lauren, Christina, Joan, Evelyn
  Judith, Judy, Megan, Andrea, Cheryl, Hannah, Jacqueline, Jackie, Martha, Gloria, Teresa
  Ann, Sara, Madison, Maddie, Frances, Fran, Kathryn, Janice, Jean, Abigail, Abby, Alice
  Jodie, Jodi, Jody, Fanny, Dixie, Candy, Bunny, Kitty, Randi, Gaylord, Dick, Peter, Willy
  Harriet, Hattie, Nellie, Bessie, Trixie, Pixie, Dolly, Molly, Polly, Holly, Sally, Lottie
  Cooper, Mason, Hunter, Chase, Colt, Cole, Rhett, Clay, Dusty, Rusty, Buck, Butch, Chad, Brad
  Shania, Tiffany, Brittany, Destiny, Jasmine, Jade, Amber, Crystal, Misty, Stormy, Dakota
  Siobhan, Niamh, Aoife, Saoirse, Ciara, Sinead, Padraig, Seamus, Eoin, Cormac, Oisin, Rory
  João, Joãozinho, Thiago, Gonçalo, Rui, Nuno, Tiago, Duarte, Inês, Beatriz, Leonor, Matilde
  Giovanni, Gianni, Giuseppe, Beppe, Francesco, Checco, Luca, Marco, Matteo, Lorenzo, Enzo
  Giulia, Chiara, Francesca, Alessia, Martina, Federica, Sofia, Aurora, Ginevra, Vittoria
  Jean, Pierre, Jacques, Michel, Philippe, François, Nicolas, Julien, Théo, Hugo, Louis
  Camille, Chloé, Manon, Léa, Inès, Margaux, Élodie, Aurélie, Mathilde, Solène, Clémence
  Hans, Jürgen, Klaus, Dieter, Uwe, Fritz, Heinz, Wolfgang, Siegfried, Helga, Heidi, Ute
  Gudrun, Sieglinde, Brunhilde, Jutta, Dörte, Kai, Sven, Lars, Nils, Björn, Astrid, Ingrid
  Mohamed, Mohammed, Muhammad, Ahmed, Ahmad, Ali, Omar, Youssef, Yusuf, Ibrahim, Ismail, Hamza
  Bilal, Karim, Khalid, Rachid, Rashid, Hassan, Hussein, Mustafa, Abdel, Abdallah, Abdullah
  Said, Saïd, Tarik, Tariq, Nabil, Jamal, Kamal, Fouad, Fuad, Mourad, Hicham, Soufiane, Ayoub
  Anas, Ilyas, Rayan, Imad, Adil, Amine, Yassine, Mehdi, Zakaria, Othmane, Walid, Jihad
  Hakim, Samir, Nasser, Faisal, Majid, Zayd, Hamid, Aziz, Nazim, Naji, Fátima, Fatma, Aisha
  Aicha, Khadija, Zahra, Zineb, Zainab, Layla, Leila, Amina, Samira, Salma, Hajar, Meryem
  Maryam, Nour, Noor, Ikram, Chaimae, Houda, Sanae, Wissal, Asma, Hiba, Malak, Douae, Yasmin
  Yasmina, Nadia, Nawal, Rania, Latifa, Karima, Naima, Souad, Rachida, Farah, Nazira, Nisrine
  Imane, Ilham, Hafsa, Safae, Kenza, Lina, Soukaina, Siham, Wafa, Bouchra, Najat, Dounia
  Amazigh, Massinissa, Tiziri, Dihya, Yuba, Idir, Anir, Tafsut, Numidia, Illi
  Ion, Ioana, Mihai, Andrei, Vasile, Gheorghe, Cosmin, Florin, Nicoleta, Mirela, Alina
  Ivan, Olga, Natasha, Tatiana, Sasha, Dmitri, Vladimir, Volodia, Svetlana, Katia, Pavel
  Wei, Li, Xiao, Ming, Jun, Hui, Fang, Ling, Hua, Chen, Jing, Yan, Ping, Qiang, Kun, Fu, Gang
  Peng, Dong, Bo, Shu, Cong, Lei, Tao, Hao, Yu, Xin, Yi, Mei, Lan, Xiu, Zhen, Jie, Long, Hong
  Zhang, Wang, Liu, Huang, Zhao, Zhou, Wu, Xu, Sun, Ma, Zhu, Hu, Guo, He, Lin, Luo, Gao, Zheng
  Xiaoming, Xiaoli, Weiwei, Lili, Fangfang, Jiahui, Zihan, Yuxuan, Haoran, Zhiwei, Chun, Ying
  Hiroshi, Hiro, Takeshi, Kenji, Kenta, Shinji, Yuki, Kaori, Sakura, Yui, Aiko, Kaito, Haruto
  Sora, Ren, Riku, Sota, Yuto, Hina, Yuna, Mio, Rin, Akira, Satoshi, Naoko, Keiko, Yoko, Emi
  Marika, Mariko, Kumiko, Fumiko, Kuniko, Shoko, Masako, Takako, Fuyumi, Kotomi, Chika, Koji
  Shun, Jun, Daichi, Daisuke, Kazuki, Ryota, Shota, Takumi, Yusuke, Kosuke, Tetsuya, Masaki
  Ji-woo, Min-jun, Seo-yeon, Ha-eun, Do-yun, Ji-ho, Su-bin, Hyun, Jin, Soo, Kyung, Eun
  Aryan, Arjun, Rahul, Priya, Anjali, Ravi, Vijay, Sanjay, Deepak, Pooja, Neha, Sita, Gita
  Rohan, Amit, Sunil, Anil, Kiran, Lakshmi, Ganesh, Suresh, Mahesh, Dinesh, Nisha, Asha
  Phuc, Dung, Bich, Hoa, Thanh, Huong, Tuan, Linh, Trang, Phuong, Thuy, Duc, Hung, Cuong, Phat
  Spas, Stoyan, Dragan, Milica, Jelena, Zoran, Bogdan, Agnieszka, Wojciech, Małgorzata
  Jose Mari, Joselito, Bong, Dodong, Junjun, Jun-Jun, Bebot, Ning, Nonoy, Inday, Tootsie
`);
